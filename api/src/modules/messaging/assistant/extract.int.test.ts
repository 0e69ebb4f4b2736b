// The intake assistant's extraction through the API on both databases (issue 28, decision 069): the contract of
// POST /api/admin/assistant/extract (in /api/docs), each value with the span it came from, relative dates read
// against the email's date, and the faults: an email of 5 MB, a binary file, another language, no patient, an
// empty text, and callers who may not use it.
import { ASSISTANT_MESSAGES } from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';

const EXTRACT = '/api/admin/assistant/extract';
const EMAIL =
  'New SOC for Mary Jones, DOB 3/4/1941, 12 Elm St, Austin TX 78701, 512-555-0199, RN eval 12/2 then 2w4, Dr. Patel, CHF';

describeEachDatabase('the intake assistant’s extraction', (server) => {
  const s = (): TestServer => server();
  let coordinator = '';
  beforeAll(async () => {
    [coordinator] = await s().loginAs('coordinator');
  });
  const extract = (body: unknown, token = coordinator) => s().request('POST', EXTRACT, { token, body });

  it('reads a request email into the draft, every value with its span and confidence', async () => {
    const answer = await extract({ text: EMAIL, receivedAt: '2026-11-28' });
    expect(answer.status).toBe(200);
    expect(answer.body.referenceDate).toBe('2026-11-28');
    expect(answer.body.draft).toEqual({
      patient: {
        firstName: 'Mary',
        lastName: 'Jones',
        birthday: '1941-03-04',
        phoneNumber1: '5125550199',
        addressLine1: '12 Elm St',
        city: 'Austin',
        state: 'TX',
        zipcode: '78701',
      },
      providerTypes: ['RN'],
      frequency: '2w4',
      visitDates: [
        '2026-12-02',
        '2026-12-03',
        '2026-12-06',
        '2026-12-10',
        '2026-12-13',
        '2026-12-17',
        '2026-12-20',
        '2026-12-24',
        '2026-12-27',
      ],
      physicianName: 'Patel',
      diagnosisCodes: ['I50.9'],
    });
    const field = (path: string) => answer.body.fields.find((f: { path: string }) => f.path === path);
    const span = (path: string) => EMAIL.slice(field(path).start, field(path).end);
    expect(span('patient.lastName')).toBe('Jones');
    expect(span('patient.phoneNumber1').replace(/\D/g, '')).toBe('5125550199');
    expect(span('diagnosisCodes.0')).toBe('CHF');
    for (const f of answer.body.fields) {
      expect(f.confidence).toBeGreaterThan(0);
      expect(f.confidence).toBeLessThanOrEqual(1);
    }
    // An email's own Date: header is what its dates are read against.
    const dated = await extract({
      text: `Date: Sat, 28 Nov 2026 09:12:00 -0600\n\n${EMAIL}`,
      receivedAt: '2026-12-05',
    });
    expect(dated.body.referenceDate).toBe('2026-11-28');
    expect(dated.body.draft.visitDates).toEqual(answer.body.draft.visitDates);
    // Same input, same answer.
    expect((await extract({ text: EMAIL, receivedAt: '2026-11-28' })).body).toEqual(answer.body);
  });

  it('is in the API documents with its contract', async () => {
    const docs = await s().request('GET', '/api/docs/json');
    const operation = docs.body.paths[EXTRACT].post;
    expect(operation.summary).toMatch(/span of the text/);
    expect(JSON.stringify(docs.body.components.schemas.RequestExtraction)).toContain('confidence');
  });

  it('refuses an email of 5 MB, a binary file and an empty text by naming the field; reads nothing from Spanish', async () => {
    const huge = await extract({ text: `${EMAIL}\n${'Lorem ipsum dolor sit amet. '.repeat(190_000)}` });
    expect(huge.status).toBe(400);
    expect(huge.body.errors).toEqual([{ field: 'text', message: ASSISTANT_MESSAGES.tooLong('5.1 MB') }]);
    const binary = await extract({ text: `%PDF-1.7\u0001\u0002${'\u0003\u0004\ufffd'.repeat(200)}` });
    expect(binary.body.errors).toEqual([{ field: 'text', message: ASSISTANT_MESSAGES.binary }]);
    const empty = await extract({ text: '   ' });
    expect(empty.body.errors).toEqual([{ field: 'text', message: ASSISTANT_MESSAGES.textMissing }]);
    const spanish = await extract({
      text: 'Buenos días, necesitamos una enfermera para la señora María López la próxima semana. Gracias por su ayuda y quedamos atentos.',
    });
    expect(spanish.status).toBe(200);
    expect(spanish.body.draft).toEqual({});
    expect(spanish.body.notices.map((n: { code: string }) => n.code)).toEqual(['not-english']);
    const thanks = await extract({
      text: 'Thank you for the quick staffing last week, the family was very happy!',
    });
    expect(thanks.body.draft).toEqual({});
    expect(thanks.body.notices.length).toBe(1);
    expect(['no-patient', 'not-a-request']).toContain(thanks.body.notices[0].code);
  });

  it('is for staff: organization users and clinicians are refused', async () => {
    const [orgUser, clinician] = await s().loginAs('orgUser', 'clinician');
    expect((await extract({ text: EMAIL }, orgUser)).status).toBe(403);
    expect((await extract({ text: EMAIL }, clinician)).status).toBe(403);
  });
});
