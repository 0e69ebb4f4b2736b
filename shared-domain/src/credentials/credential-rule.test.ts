import {
  credentialCovers,
  credentialGapsOn,
  isFullyCredentialedOn,
  notCredentialedMessage,
  type HeldCredential,
} from './credential-rule';

const LICENCE = { id: 1, name: 'RN licence' };
const CPR = { id: 2, name: 'CPR/BLS card' };
const required = [LICENCE, CPR];
const licence = (over: Partial<HeldCredential> = {}): HeldCredential => ({
  credentialTypeId: 1,
  status: 'Approved',
  issuedOn: '2025-01-15',
  expiresOn: '2026-12-01',
  ...over,
});
const cpr: HeldCredential = {
  credentialTypeId: 2,
  status: 'Approved',
  issuedOn: '2026-02-01',
  expiresOn: null,
};

describe('credential in force on a date', () => {
  it('counts from the issue date through the expiry date, both included', () => {
    expect(credentialCovers(licence(), '2025-01-14')).toBe(false);
    expect(credentialCovers(licence(), '2025-01-15')).toBe(true);
    expect(credentialCovers(licence(), '2026-12-01')).toBe(true);
    expect(credentialCovers(licence(), '2026-12-02')).toBe(false);
  });

  it('counts only approved credentials; an expired one still covers the dates before its expiry', () => {
    expect(credentialCovers(licence({ status: 'Submitted' }), '2026-06-01')).toBe(false);
    expect(credentialCovers(licence({ status: 'InReview' }), '2026-06-01')).toBe(false);
    expect(credentialCovers(licence({ status: 'Rejected' }), '2026-06-01')).toBe(false);
    expect(credentialCovers(licence({ status: 'Expired' }), '2026-06-01')).toBe(true);
  });

  it('treats missing dates as open ends (a W-9 never expires)', () => {
    expect(credentialCovers(licence({ issuedOn: null, expiresOn: null }), '2030-01-01')).toBe(true);
  });
});

describe('fully credentialed on the date of service', () => {
  it('worked dates: a licence that lapses Tuesday 12/1/2026 qualifies for Tuesday, not for Wednesday', () => {
    const held = [licence(), cpr];
    expect(isFullyCredentialedOn(required, held, '2026-12-01')).toBe(true);
    expect(isFullyCredentialedOn(required, held, '2026-12-02')).toBe(false);
    expect(credentialGapsOn(required, held, '2026-12-02')).toEqual([
      { credentialTypeId: 1, name: 'RN licence', reason: 'RN licence expired on 12/1/2026' },
    ]);
  });

  it('a renewal uploaded and approved covers the dates after the old one', () => {
    const renewal = licence({ issuedOn: '2026-11-20', expiresOn: '2028-12-01' });
    expect(isFullyCredentialedOn(required, [licence(), renewal, cpr], '2026-12-02')).toBe(true);
  });

  it('a renewal still in review does not, and says so', () => {
    const renewal = licence({ status: 'InReview', issuedOn: '2026-11-20', expiresOn: '2028-12-01' });
    expect(credentialGapsOn(required, [renewal, cpr], '2026-12-02')[0]?.reason).toBe(
      'RN licence is not approved yet',
    );
  });

  it('names a missing, rejected or not-yet-valid credential', () => {
    expect(credentialGapsOn(required, [licence()], '2026-06-01')).toEqual([
      { credentialTypeId: 2, name: 'CPR/BLS card', reason: 'CPR/BLS card is missing' },
    ]);
    expect(credentialGapsOn([CPR], [{ ...cpr, status: 'Rejected' }], '2026-06-01')[0]?.reason).toBe(
      'CPR/BLS card was rejected',
    );
    expect(credentialGapsOn([CPR], [cpr], '2026-01-31')[0]?.reason).toBe(
      'CPR/BLS card is valid only from 2/1/2026',
    );
  });

  it('a provider type that requires nothing is always credentialed', () => {
    expect(isFullyCredentialedOn([], [], '2026-06-01')).toBe(true);
  });

  it('the assign refusal is a sentence naming the date and each credential', () => {
    const gaps = credentialGapsOn(required, [licence()], '2026-12-02');
    expect(notCredentialedMessage(gaps, '2026-12-02')).toBe(
      'Not fully credentialed on 12/2/2026: RN licence expired on 12/1/2026; CPR/BLS card is missing.',
    );
    expect(notCredentialedMessage([], '2026-12-02')).toBe('');
  });
});
