import { type Gazetteer, loadGazetteer } from '../../../maps/gazetteer';
import { REQUEST_CORPUS } from './corpus';
import { extractRequest } from './index';

const TERSE =
  'New SOC for Mary Jones, DOB 3/4/1941, 12 Elm St, Austin TX 78701, 512-555-0199, RN eval 12/2 then 2w4, Dr. Patel, CHF';

describe('extractRequest', () => {
  let gazetteer: Gazetteer;
  beforeAll(async () => {
    gazetteer = await loadGazetteer();
  });

  it('reads a terse request into a full draft', () => {
    const { draft, notices } = extractRequest(TERSE, { referenceDate: '2026-11-28', gazetteer });
    expect(notices).toEqual([]);
    expect(draft.patient).toEqual({
      firstName: 'Mary',
      lastName: 'Jones',
      birthday: '1941-03-04',
      phoneNumber1: '5125550199',
      addressLine1: '12 Elm St',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
    });
    expect(draft.providerTypes).toEqual(['RN']);
    expect(draft.physicianName).toBe('Patel');
    expect(draft.diagnosisCodes).toEqual(['I50.9']);
  });

  it('expands "RN eval 12/2 then 2w4" from the day after the evaluation', () => {
    const { draft } = extractRequest(TERSE, { referenceDate: '2026-11-28' });
    expect(draft.frequency).toBe('2w4');
    expect(draft.visitDates).toEqual([
      '2026-12-02',
      '2026-12-03',
      '2026-12-06',
      '2026-12-10',
      '2026-12-13',
      '2026-12-17',
      '2026-12-20',
      '2026-12-24',
      '2026-12-27',
    ]);
  });

  it('starts a frequency on its own "starting <date>" and joins segments', () => {
    const text = 'RN for Mr. Tom Hale, SOC 12/3, then 1w1, 2 w 2 starting 12/7. 55 Oak Ave, Dallas TX 75201';
    const { draft } = extractRequest(text, { referenceDate: '2026-12-01' });
    expect(draft.frequency).toBe('1w1,2w2');
    expect(draft.visitDates).toEqual([
      '2026-12-03',
      '2026-12-07',
      '2026-12-14',
      '2026-12-17',
      '2026-12-21',
      '2026-12-24',
    ]);
    const spelled = extractRequest('PT 3x/week x 2 weeks starting 12/7 for Ann Lee', {
      referenceDate: '2026-12-01',
    });
    expect(spelled.draft.frequency).toBe('3w2');
  });

  it('gives every value one field whose span holds its evidence', () => {
    for (const email of REQUEST_CORPUS) {
      const { draft, fields } = extractRequest(email.text, { referenceDate: email.referenceDate, gazetteer });
      const leafCount =
        Object.keys(draft.patient ?? {}).length +
        (draft.providerTypes?.length ?? 0) +
        (draft.visitDates?.length ?? 0) +
        (draft.diagnosisCodes?.length ?? 0) +
        (draft.frequency ? 1 : 0) +
        (draft.physicianName ? 1 : 0);
      expect(fields).toHaveLength(leafCount);
      expect(new Set(fields.map((f) => f.path)).size).toBe(fields.length);
      for (const field of fields) {
        const evidence = email.text.slice(field.start, field.end);
        expect(field.start).toBeLessThan(field.end);
        expect(field.confidence).toBeGreaterThan(0);
        expect(field.confidence).toBeLessThanOrEqual(1);
        expect(Math.round(field.confidence * 100) / 100).toBe(field.confidence);
        if (field.path === 'patient.phoneNumber1')
          expect(evidence.replace(/\D/g, '').slice(-10)).toBe(field.value);
        if (field.path === 'patient.zipcode') expect(evidence).toBe(field.value);
        if (field.path === 'patient.firstName' || field.path === 'patient.lastName') {
          expect(evidence.toLowerCase()).toBe(field.value.toLowerCase());
        }
        if (field.path === 'physicianName') expect(evidence.toLowerCase()).toBe(field.value.toLowerCase());
        if (field.path.startsWith('diagnosisCodes.') && /^[A-TV-Z]\d[0-9A-Z]/.test(evidence))
          expect(evidence.toUpperCase()).toBe(field.value);
        const [key, index] = field.path.split('.');
        const value =
          key === 'patient'
            ? (draft.patient as Record<string, string>)[index!]
            : index === undefined
              ? (draft as Record<string, unknown>)[key!]
              : (draft as Record<string, string[]>)[key!]![Number(index)];
        expect(value).toBe(field.value);
      }
    }
  });

  it('leaves a value absent when the email does not give it', () => {
    const { draft } = extractRequest('RN eval for Mary Jones on 12/2 please.', {
      referenceDate: '2026-11-28',
    });
    expect(draft).toEqual({
      patient: { firstName: 'Mary', lastName: 'Jones' },
      providerTypes: ['RN'],
      visitDates: ['2026-12-02'],
    });
    expect(draft).not.toHaveProperty('frequency');
    expect(draft.patient).not.toHaveProperty('birthday');
  });

  it('is deterministic', () => {
    const run = () =>
      REQUEST_CORPUS.map((e) => extractRequest(e.text, { referenceDate: e.referenceDate, gazetteer }));
    expect(run()).toEqual(run());
  });

  it('resolves relative dates against the nearest Date:/Sent: header above them', () => {
    const text = `FW: referral\n\n-----Original Message-----\nFrom: A Nurse\nSent: Monday, November 30, 2026 9:14 AM\n\nPatient: Ann Lee, RN SOC tomorrow, PT eval next Friday.`;
    const { draft } = extractRequest(text, { referenceDate: '2026-12-07' });
    expect(draft.visitDates).toEqual(['2026-12-01', '2026-12-04']);
    const noHeader = extractRequest('Patient: Ann Lee, RN SOC tomorrow', { referenceDate: '2026-12-07' });
    expect(noHeader.draft.visitDates).toEqual(['2026-12-08']);
  });

  it('reads an email Date: header as mail programs write it (RFC 5322: day before month)', () => {
    const text = `Date: Sat, 28 Nov 2026 09:12:00 -0600\nSubject: New referral\n\n${TERSE}`;
    const { draft } = extractRequest(text, { referenceDate: '2026-12-07', gazetteer });
    expect(draft.visitDates?.[0]).toBe('2026-12-02');
    expect(draft.visitDates?.at(-1)).toBe('2026-12-27');
  });

  it('reads year-less visit dates forward and birthdays backward', () => {
    const { draft } = extractRequest('RN for Joe Ray, DOB 3/4/41, eval 1/5', { referenceDate: '2026-12-30' });
    expect(draft.patient?.birthday).toBe('1941-03-04');
    expect(draft.visitDates).toEqual(['2027-01-05']);
    const young = extractRequest('RN for Joe Ray, dob 5/14/03', { referenceDate: '2026-12-30' });
    expect(young.draft.patient?.birthday).toBe('2003-05-14');
  });

  it('marks a Spanish email as not English and extracts nothing', () => {
    const email = REQUEST_CORPUS.find((e) => e.id === 'spanish-12')!;
    const result = extractRequest(email.text, { referenceDate: email.referenceDate, gazetteer });
    expect(result).toEqual({
      draft: {},
      fields: [],
      notices: [
        { code: 'not-english', message: 'This email does not look like English, so nothing was extracted.' },
      ],
    });
  });

  it('notices a request without a patient', () => {
    const result = extractRequest('Any PT availability next week in the 78704 area?', {
      referenceDate: '2026-12-04',
      gazetteer,
    });
    expect(result.notices).toEqual([{ code: 'no-patient', message: 'No patient was found in this email.' }]);
    expect(result.draft).toEqual({ providerTypes: ['PT'] });
  });

  it('gives an empty draft for an email that is not a request', () => {
    const result = extractRequest('Thanks for all your help this month! Have a great weekend.', {
      referenceDate: '2026-12-04',
    });
    expect(result.draft).toEqual({});
    expect(result.fields).toEqual([]);
    expect(result.notices.map((n) => n.code)).toEqual(['not-a-request']);
  });

  it('keeps the first of several patients and says so', () => {
    const text = `Patient: Nancy Howard, 215-555-0160, RN SOC 12/3, CHF.\n\nPatient: George Bell, 215-555-0161, PT eval 12/4, COPD.`;
    const { draft, notices } = extractRequest(text, { referenceDate: '2026-12-01' });
    expect(notices.map((n) => n.code)).toEqual(['several-patients']);
    expect(notices[0]!.message).toContain('2 patients');
    expect(draft).toEqual({
      patient: { firstName: 'Nancy', lastName: 'Howard', phoneNumber1: '2155550160' },
      providerTypes: ['RN'],
      visitDates: ['2026-12-03'],
      diagnosisCodes: ['I50.9'],
    });
  });

  it('does not take the sender signature phone, fax or address', () => {
    const text = `Please see Mr. Tom Hale for an RN eval on Friday.\n\nRegards,\nBeth Collins, MSW\n2525 West End Ave, Nashville, TN 37203\nOffice: 615-555-0150\nFax: 615-555-0151`;
    const { draft } = extractRequest(text, { referenceDate: '2026-12-02', gazetteer });
    expect(draft.patient).toEqual({ firstName: 'Tom', lastName: 'Hale', gender: 'M' });
    expect(draft.providerTypes).toEqual(['RN']);
    const faxOnly = extractRequest('RN for Ann Lee. Fax orders to 512-555-0101', {
      referenceDate: '2026-12-02',
    });
    expect(faxOnly.draft.patient).not.toHaveProperty('phoneNumber1');
  });

  it('reads "Last, First", capitals and gender rules', () => {
    const { draft, fields } = extractRequest('PATIENT: JONES, MARY\nRN eval 12/2. She lives alone.', {
      referenceDate: '2026-11-28',
    });
    expect(draft.patient).toEqual({ firstName: 'Mary', lastName: 'Jones', gender: 'F' });
    expect(fields.find((f) => f.path === 'patient.gender')!.confidence).toBeLessThan(0.7);
    const labelled = extractRequest('Patient: Mary Jones, Sex: F, RN eval 12/2', {
      referenceDate: '2026-11-28',
    });
    expect(labelled.fields.find((f) => f.path === 'patient.gender')!.confidence).toBeGreaterThan(0.9);
    const mixed = extractRequest('Patient: Mary Jones, RN eval 12/2. She and her son say he is busy.', {
      referenceDate: '2026-11-28',
    });
    expect(mixed.draft.patient).not.toHaveProperty('gender');
    const relative = extractRequest('Patient: Ray Shaw needs PT. Daughter called; she says he fell.', {
      referenceDate: '2026-11-28',
    });
    expect(relative.draft.patient).not.toHaveProperty('gender');
    const wife = extractRequest(
      'Referral for Walter Kowalczyk, PT eval. His wife, Mrs. Kowalczyk, is the caregiver.',
      { referenceDate: '2026-11-28' },
    );
    expect(wife.draft.patient).toEqual({ firstName: 'Walter', lastName: 'Kowalczyk' });
  });

  it('maps diagnoses only to codes of the table it is given', () => {
    const text = 'RN for Ann Lee, CHF, COPD, I10';
    expect(extractRequest(text, { referenceDate: '2026-12-01' }).draft.diagnosisCodes).toEqual([
      'I50.9',
      'J44.9',
      'I10',
    ]);
    const small = extractRequest(text, { referenceDate: '2026-12-01', icdCodes: [['J44.9', 'COPD']] });
    expect(small.draft.diagnosisCodes).toEqual(['J44.9']);
  });

  it('checks the city and state against the ZIP when it has the gazetteer', () => {
    const text = 'RN for Ann Lee, 815 Central Ave SW, Albuquerqe NM 87102';
    const checked = extractRequest(text, { referenceDate: '2026-12-01', gazetteer });
    expect(checked.draft.patient).toMatchObject({
      addressLine1: '815 Central Ave SW',
      city: 'Albuquerque',
      state: 'NM',
      zipcode: '87102',
    });
    const plain = extractRequest(text, { referenceDate: '2026-12-01' });
    expect(plain.draft.patient).toMatchObject({ city: 'Albuquerqe', state: 'NM', zipcode: '87102' });
  });

  it('reads a long email quickly', () => {
    const paragraph =
      'Our newsletter covers fall prevention, wound care and staffing news for the Dallas area this season. ';
    const text = `${paragraph.repeat(1000)}\nPatient: Ann Lee, 55 Oak Ave, Dallas, TX 75201, RN SOC 12/3.`;
    const started = Date.now();
    const { draft } = extractRequest(text, { referenceDate: '2026-12-01', gazetteer });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(draft.patient).toMatchObject({ firstName: 'Ann', lastName: 'Lee', zipcode: '75201' });
  });
});
