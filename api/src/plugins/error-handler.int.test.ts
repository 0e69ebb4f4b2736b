import { sql } from 'drizzle-orm';
import { failureText } from '../lib/errors';
import { describeEachDatabase } from '../test/harness';

const LEAK =
  /select |insert |update .* set|syntax error|violates|out of range for type|\bat .*\.(ts|js):\d+/i;

/** The `err` serializer the server's logger really uses (pino keeps it under a symbol). */
function loggerErrSerializer(logger: object): (error: unknown) => unknown {
  for (let o: object | null = logger; o; o = Object.getPrototypeOf(o)) {
    const symbol = Object.getOwnPropertySymbols(o).find((s) => s.description === 'pino.serializers');
    const serializers =
      symbol && (o as Record<symbol, { err: (error: unknown) => unknown } | undefined>)[symbol];
    if (serializers) return serializers.err;
  }
  throw new Error('no pino serializers on the logger');
}

describeEachDatabase('values beyond what the database holds', (server) => {
  let admin: string;
  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
  });

  const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

  it('an id beyond a PostgreSQL integer answers 400 naming it (path, query, body)', async () => {
    const path = await server().request('GET', '/api/admin/patients/2147483648', { token: admin });
    expect([path.status, fields(path.body)]).toEqual([400, ['id']]);
    expect(path.body.errors[0].message).toBe('must be at most 2147483647');
    const query = await server().request('GET', '/api/admin/episodes?patientId=2147483648', { token: admin });
    expect([query.status, fields(query.body)]).toEqual([400, ['patientId']]);
    const body = await server().request('POST', '/api/security/switchUser', {
      token: admin,
      body: { userId: 2147483648 },
    });
    expect([body.status, fields(body.body)]).toEqual([400, ['userId']]);
  });

  it('a date shaped YYYY-MM-DD that is no date answers 400 naming it', async () => {
    for (const bad of ['9999-99-99', '0000-00-00', '2023-02-29']) {
      const res = await server().request('GET', `/api/admin/episodes?createdFrom=${bad}`, { token: admin });
      expect([res.status, res.body.errors]).toEqual([
        400,
        [{ field: 'createdFrom', message: 'must be a date YYYY-MM-DD' }],
      ]);
    }
  });

  it('a value a schema let through and the database refused is still a 400, without SQL', async () => {
    // The database's own check stays the last guard (a route whose schema misses a bound).
    const res = await server().request('PUT', '/api/admin/roles/2147483648/privileges', {
      token: admin,
      body: { privileges: {}, version: 0 },
    });
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(LEAK);
  });

  describe('the server log of a database failure', () => {
    async function failureOf(statement: ReturnType<typeof sql>): Promise<unknown> {
      try {
        await server().services.db.execute(statement);
      } catch (error) {
        return error;
      }
      throw new Error('the statement did not fail');
    }

    it('shows the statement and its code, never the values sent', async () => {
      const serialize = loggerErrSerializer(server().app.log);
      const error = await failureOf(
        sql`update patients set first_name = ${'Ada Secretname'} where id = ${'2147483648'}`,
      );
      const logged = JSON.stringify(serialize(error));
      expect(logged).toContain('22003');
      expect(logged).toContain('update patients set first_name = $1 where id = $2');
      expect(logged).not.toContain('Secretname');
      expect(logged).not.toContain('2147483648');
      // The same failure as text a background run may store for staff to read.
      expect(failureText(error)).toBe('Database error 22003: value "…" is out of range for type integer');
    });

    it('leaves out the detail of a unique violation (it repeats the value)', async () => {
      const serialize = loggerErrSerializer(server().app.log);
      const [row] = await server().sql<{ role_id: number }>(`select role_id from users limit 1`);
      const error = await failureOf(
        sql`insert into users (email_id, first_name, last_name, role_id) values (${'admin@carelane.local'}, ${'Grace'}, ${'Hopper'}, ${row!.role_id})`,
      );
      const logged = JSON.stringify(serialize(error));
      expect(logged).toContain('23505');
      expect(logged).not.toMatch(/admin@carelane\.local|Grace|Hopper/);
    });
  });
});
