// The intake assistant's duplicate check through the API on both databases (issue 28, decision 069): a demo
// patient found from a draft with a typo in the name, by the same birthday and phone under another name, and not
// when the birthday differs; staff only.
import { describeEachDatabase, type TestServer } from '../../../test/harness';

const CHECK = '/api/admin/assistant/duplicates';

describeEachDatabase('the intake assistant’s duplicate check', (server) => {
  const s = (): TestServer => server();
  let coordinator = '';
  let patient: { id: number; first_name: string; last_name: string; birthday: string; phone_number1: string };
  beforeAll(async () => {
    [coordinator] = await s().loginAs('coordinator');
    const [first] = await s().sql<typeof patient>(
      `select id, first_name, last_name, to_char(birthday, 'YYYY-MM-DD') as birthday, phone_number1 from patients
        where birthday is not null and phone_number1 is not null and length(first_name || last_name) >= 10
        order by id limit 1`,
    );
    patient = first!;
  });
  const check = (body: unknown, token = coordinator) => s().request('POST', CHECK, { token, body });

  it('finds the patient from a name typed one letter off, with the same birthday', async () => {
    const typo = `${patient.last_name.slice(0, -1)}${patient.last_name.endsWith('x') ? 'y' : 'x'}`;
    const answer = await check({ firstName: patient.first_name, lastName: typo, birthday: patient.birthday });
    expect(answer.status).toBe(200);
    expect(answer.body.threshold).toBe(0.9);
    const found = answer.body.rows.find((row: { id: number }) => row.id === patient.id);
    expect(found).toMatchObject({
      firstName: patient.first_name,
      lastName: patient.last_name,
      birthday: patient.birthday,
    });
    expect(found.matches).toEqual(['name', 'birthday']);
    expect(found.nameSimilarity).toBeGreaterThanOrEqual(0.9);
    expect(found.nameSimilarity).toBeLessThan(1);
  });

  it('finds the same birthday and phone under another name, and leaves out the same name born another day', async () => {
    const other = await check({
      firstName: 'Zelda',
      lastName: 'Quinterro',
      birthday: patient.birthday,
      phoneNumber1: patient.phone_number1,
    });
    expect(other.body.rows.find((row: { id: number }) => row.id === patient.id)?.matches).toEqual([
      'birthday',
      'phone',
    ]);
    const bornElsewhen = await check({
      firstName: patient.first_name,
      lastName: patient.last_name,
      birthday: patient.birthday === '1930-01-01' ? '1931-01-01' : '1930-01-01',
    });
    expect(bornElsewhen.body.rows.map((row: { id: number }) => row.id)).not.toContain(patient.id);
  });

  it('names a bad field, and is for staff only', async () => {
    const bad = await check({ firstName: '', lastName: 'Jones', phoneNumber1: '555' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'firstName',
      'phoneNumber1',
    ]);
    const [orgUser] = await s().loginAs('orgUser');
    expect((await check({ firstName: 'Mary', lastName: 'Jones' }, orgUser)).status).toBe(403);
  });
});
