import { describeEachDatabase } from '../../../test/harness';

const NAME = 'Zzbirthdayrule';

// The patient form checks birthdays with the same shared-domain rule (birthdayProblem).
describeEachDatabase('patient birthdays', (server) => {
  let orgUser = '';
  beforeAll(async () => {
    orgUser = await server().login('orguser@carelane.local');
  });

  const create = (birthday: string) =>
    server().request('POST', '/api/admin/patients', {
      token: orgUser,
      body: { firstName: 'Ann', lastName: NAME, birthday },
    });

  it.each([
    ['1940-02-30', 'must be a date YYYY-MM-DD'],
    ['1941-02-29', 'must be a date YYYY-MM-DD'],
    ['2030-01-01', 'cannot be in the future'],
    ['1899-12-31', 'must be after 1900'],
  ])('refuses %s: "birthday: %s", and writes nothing', async (birthday, message) => {
    const res = await create(birthday);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'birthday', message }]);
    const rows = await server().sql('select id from patients where last_name = $1', [NAME]);
    expect(rows).toEqual([]);
  });

  it('takes a leap day, and refuses an impossible date on edit too', async () => {
    const created = await create('1940-02-29');
    expect(created.status).toBe(201);
    expect(created.body.birthday).toBe('1940-02-29');
    const edit = await server().request('PUT', `/api/admin/patients/${created.body.id}`, {
      token: orgUser,
      body: { birthday: '1940-02-30', version: created.body.version },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.errors).toEqual([{ field: 'birthday', message: 'must be a date YYYY-MM-DD' }]);
    const [row] = await server().sql<{ birthday: string }>(
      "select to_char(birthday, 'YYYY-MM-DD') as birthday from patients where id = $1",
      [created.body.id],
    );
    expect(row!.birthday).toBe('1940-02-29');
  });
});
