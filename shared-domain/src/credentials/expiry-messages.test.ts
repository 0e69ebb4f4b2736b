import {
  CREDENTIAL_EXPIRY_TEMPLATES,
  EXPIRY_PLACEHOLDERS,
  expiryMessage,
  expiryTemplatesFor,
  expiryWarningDue,
  expiryWarningThreshold,
} from './expiry-messages';

describe('expiry warning thresholds', () => {
  it('puts each number of days left under the narrowest of 30, 14, 7 that holds it', () => {
    const at = (days: number) => expiryWarningThreshold(days);
    expect([-1, 0, 1, 7, 8, 13, 14, 15, 29, 30, 31, 365].map(at)).toEqual([
      null,
      7,
      7,
      7,
      14,
      14,
      14,
      30,
      30,
      30,
      null,
      null,
    ]);
  });

  it('sends each warning once, and skips the wider ones a credential first seen late has passed', () => {
    expect(expiryWarningDue(30, null)).toBe(30);
    expect(expiryWarningDue(29, 30)).toBeNull();
    expect(expiryWarningDue(14, 30)).toBe(14);
    expect(expiryWarningDue(14, 14)).toBeNull();
    expect(expiryWarningDue(7, 14)).toBe(7);
    expect(expiryWarningDue(0, 7)).toBeNull();
    expect(expiryWarningDue(5, null)).toBe(7);
    expect(expiryWarningDue(-1, null)).toBeNull();
  });
});

describe('expiry messages by credential state', () => {
  const input = {
    givenName: 'Ana',
    daysBefore: 14 as const,
    credentials: [
      { name: 'TB test', expiresOn: '2030-07-01' },
      { name: 'CPR/BLS card', expiresOn: '2030-07-01' },
      { name: 'Licence or certification', expiresOn: '2030-06-30' },
    ],
  };

  it('lists the credentials by expiry date then name, with dates as the app formats them', () => {
    const message = expiryMessage(3, input);
    expect(message.emailSubject).toBe('Your credentials expire soon: renew by 6/30/2030');
    expect(message.emailBody).toContain(
      'Hello Ana,\n\nThese credentials on your Carelane profile expire within 14 days:\n' +
        '- Licence or certification: expires 6/30/2030\n- CPR/BLS card: expires 7/1/2030\n- TB test: expires 7/1/2030\n\n',
    );
    expect(message.sms).toBe(
      'Carelane: credentials expiring from 6/30/2030: Licence or certification, CPR/BLS card, TB test. ' +
        'Upload renewals in the app to keep receiving visits.',
    );
    expect(message.app).toBe(
      'Expiring within 14 days: Licence or certification, CPR/BLS card, TB test (first on 6/30/2030). ' +
        'Upload renewals to keep receiving visits.',
    );
  });

  it('chooses the words of the state: uncredentialed, fully credentialed, inactive', () => {
    expect(expiryMessage(1, input).emailBody).toContain('not fully credentialed yet');
    expect(expiryMessage(1, input).sms).toContain('start receiving visits');
    expect(expiryMessage(5, input).emailBody).toContain('Your Carelane profile is inactive.');
    expect(expiryMessage(5, input).app).toContain('if you plan to return');
    expect(expiryMessage(3, input).emailBody).toContain('keep receiving visit offers');
    expect(expiryTemplatesFor(2)).toBe(CREDENTIAL_EXPIRY_TEMPLATES[1]);
  });

  it('leaves no placeholder unfilled in any variant', () => {
    for (const state of [1, 3, 5])
      for (const text of Object.values(expiryMessage(state, input)))
        for (const placeholder of EXPIRY_PLACEHOLDERS) expect(text).not.toContain(placeholder);
  });

  it('keeps each SMS of one credential within two SMS segments', () => {
    const one = {
      ...input,
      credentials: [{ name: 'Professional liability insurance', expiresOn: '2030-12-31' }],
    };
    for (const state of [1, 3, 5]) expect(expiryMessage(state, one).sms.length).toBeLessThanOrEqual(306);
  });
});
