import { describeEachDatabase, type TestServer } from './harness';
import { count, emailedToken, userIdOf } from './identity-helpers';

/** What bad input must never change. */
async function snapshot(server: TestServer) {
  return {
    users: await count(server, 'select count(*) from users'),
    audit: await count(server, `select count(*) from audit_log where action <> 'LOGIN'`),
    sessions: await count(server, 'select count(*) from sessions'),
    outbox: await count(server, 'select count(*) from outbox'),
  };
}

const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

const validUser = (emailId: string) => ({
  emailId,
  firstName: 'Valid',
  lastName: 'Person',
  roleId: 5,
  password: 'Valid-password-1',
});

/** Makes the audit log refuse the entries matching `condition` (PL/pgSQL over `new`); returns the undo. */
async function failAuditInserts(s: TestServer, condition: string): Promise<() => Promise<void>> {
  await s.ownerSql(`create function audit_fail() returns trigger language plpgsql as $f$
    begin if ${condition} then raise exception 'audit_fail'; end if; return new; end $f$`);
  await s.ownerSql(
    'create trigger audit_fail before insert on audit_log for each row execute function audit_fail()',
  );
  return async () => {
    await s.ownerSql('drop trigger audit_fail on audit_log');
    await s.ownerSql('drop function audit_fail()');
  };
}

describeEachDatabase('bad input and faults', (server) => {
  let admin: string;
  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
  });

  /** Runs a bad request, checks it is a 400 naming `field`, and that nothing was written. */
  async function refused(
    method: string,
    path: string,
    options: Parameters<TestServer['request']>[2],
    field: string,
  ) {
    const before = await snapshot(server());
    const res = await server().request(method, path, options);
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
    expect(typeof res.body.error).toBe('string');
    expect(fieldsOf(res.body)).toContain(field);
    expect(await snapshot(server())).toEqual(before);
    return res;
  }

  describe('POST /api/admin/users as the administrator', () => {
    it('malformed JSON answers 400 naming body', async () => {
      const res = await refused(
        'POST',
        '/api/admin/users',
        { token: admin, rawBody: '{"emailId": "a@b.co",' },
        'body',
      );
      expect(res.body.errors[0]).toEqual({ field: 'body', message: 'is not valid JSON' });
    });

    it('an empty body and a JSON null answer 400 naming body', async () => {
      await refused('POST', '/api/admin/users', { token: admin, rawBody: '' }, 'body');
      await refused('POST', '/api/admin/users', { token: admin, rawBody: 'null' }, 'body');
    });

    it('a wrong type answers 400 naming roleId', async () => {
      const res = await refused(
        'POST',
        '/api/admin/users',
        { token: admin, body: { ...validUser('wrong.type@example.com'), roleId: 'five' } },
        'roleId',
      );
      expect(fieldsOf(res.body)).toEqual(['roleId']);
    });

    it('missing fields answer 400 naming each of them as required', async () => {
      const res = await refused(
        'POST',
        '/api/admin/users',
        { token: admin, body: { roleId: 5 } },
        'firstName',
      );
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'emailId', message: 'is required' },
          { field: 'firstName', message: 'is required' },
          { field: 'lastName', message: 'is required' },
        ]),
      );
      expect(res.body.errors).toHaveLength(3);
    });

    it('an oversized body (2 MB) answers 400 naming body', async () => {
      const res = await refused(
        'POST',
        '/api/admin/users',
        {
          token: admin,
          body: { ...validUser('big.body@example.com'), lastName: 'x'.repeat(2 * 1024 * 1024) },
        },
        'body',
      );
      expect(res.body.code).toBe('BODY_TOO_LARGE');
    });

    it('an SQL-looking email answers 400 naming emailId and adds no user', async () => {
      const res = await refused(
        'POST',
        '/api/admin/users',
        { token: admin, body: validUser("x' OR 1=1 --") },
        'emailId',
      );
      expect(res.body.errors).toEqual([{ field: 'emailId', message: 'must be a valid email address' }]);
      // The tables are all still there and whole.
      expect(
        await count(server(), `select count(*) from users where email_id = 'admin@carelane.local'`),
      ).toBe(1);
    });

    it('SQL-looking names are stored as plain text', async () => {
      const emailId = 'bobby.tables@example.com';
      const name = "Robert'); DROP TABLE users; --";
      const usersBefore = await count(server(), 'select count(*) from users');
      const res = await server().request('POST', '/api/admin/users', {
        token: admin,
        body: { ...validUser(emailId), firstName: name },
      });
      expect(res.status).toBe(201);
      expect(res.body.firstName).toBe(name);
      expect(await count(server(), 'select count(*) from users')).toBe(usersBefore + 1);
      const [row] = await server().sql('select first_name from users where email_id = $1', [emailId]);
      expect(row.first_name).toBe(name);
    });

    it('an unknown role id answers 400 naming roleId', async () => {
      await refused(
        'POST',
        '/api/admin/users',
        { token: admin, body: { ...validUser('role.99@example.com'), roleId: 99 } },
        'roleId',
      );
    });

    it('a text that is not JSON sent as JSON, and a form post, write nothing', async () => {
      await refused('POST', '/api/admin/users', { token: admin, rawBody: 'emailId=a@b.co&roleId=5' }, 'body');
      const before = await snapshot(server());
      const form = await server().request('POST', '/api/admin/users', {
        token: admin,
        rawBody: 'emailId=a@b.co&roleId=5',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status).toBe(415);
      expect(fieldsOf(form.body)).toEqual(['body']);
      expect(await snapshot(server())).toEqual(before);
    });
  });

  describe('POST /api/security/authenticate', () => {
    it('malformed JSON answers 400 naming body', async () => {
      await refused('POST', '/api/security/authenticate', { rawBody: '{"emailId":' }, 'body');
    });

    it('wrong types answer 400 naming the field', async () => {
      await refused(
        'POST',
        '/api/security/authenticate',
        { body: { emailId: 42, password: 'x' } },
        'emailId',
      );
      await refused(
        'POST',
        '/api/security/authenticate',
        { body: { emailId: 'a@b.co', password: ['x'] } },
        'password',
      );
    });

    it('missing fields answer 400 naming each as required', async () => {
      const res = await refused('POST', '/api/security/authenticate', { body: {} }, 'emailId');
      expect(res.body.errors).toEqual([
        { field: 'emailId', message: 'is required' },
        { field: 'password', message: 'is required' },
      ]);
    });

    it('an oversized body (2 MB) answers 400 naming body', async () => {
      await refused(
        'POST',
        '/api/security/authenticate',
        { body: { emailId: 'admin@carelane.local', password: 'p'.repeat(2 * 1024 * 1024) } },
        'body',
      );
    });

    it('an SQL-looking email is just a wrong email: the same 401, no user, one audited failure', async () => {
      const emailId = "x' OR 1=1 --";
      const usersBefore = await count(server(), 'select count(*) from users');
      const sessionsBefore = await count(server(), 'select count(*) from sessions');
      const res = await server().request('POST', '/api/security/authenticate', {
        body: { emailId, password: "' OR ''='" },
      });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('The email or password is incorrect.');
      expect(await count(server(), 'select count(*) from users')).toBe(usersBefore);
      expect(await count(server(), 'select count(*) from sessions')).toBe(sessionsBefore);
      expect(
        // Stored as sent (emails are compared in lower case), not interpreted.
        await count(
          server(),
          `select count(*) from audit_log where action = 'LOGIN_FAILED' and user_email = $1`,
          [emailId.toLowerCase()],
        ),
      ).toBe(1);
    });
  });

  it('an unknown enum value in the query answers 400 naming status', async () => {
    const res = await refused('GET', '/api/admin/users?status=WHATEVER', { token: admin }, 'status');
    expect(res.body.errors[0].message).toContain('ACTIVE');
    const sort = await refused('GET', '/api/admin/users?sort=password_hash', { token: admin }, 'sort');
    expect(sort.body.errors[0].field).toBe('sort');
    await refused('GET', '/api/admin/users?pageSize=-1', { token: admin }, 'pageSize');
    await refused('GET', '/api/admin/users/not-a-number', { token: admin }, 'id');
  });

  describe('ids are digits only', () => {
    const MALFORMED = ['0x1', '%201', '1e0', '0b1', '%2B1', '1%20', '01.0'];

    it('in a path: 0x1, " 1", 1e0, 0b1 and +1 answer 400 naming id, not patient 1', async () => {
      expect((await server().request('GET', '/api/admin/patients/1', { token: admin })).status).toBe(200);
      await server().services.accessLog.flush();
      for (const id of MALFORMED) {
        const res = await refused('GET', `/api/admin/patients/${id}`, { token: admin }, 'id');
        expect(res.body.errors).toEqual([{ field: 'id', message: 'must be a positive whole number' }]);
      }
      await refused('GET', '/api/fileserver/episodes/1/files/0x1', { token: admin }, 'fileId');
    });

    it('in a query and a DELETE version likewise', async () => {
      await refused('GET', '/api/admin/episodes?patientId=0x1', { token: admin }, 'patientId');
      await refused('GET', '/api/admin/audit?userId=%2B1', { token: admin }, 'userId');
      await refused(
        'GET',
        '/api/maps/autocomplete?q=Austin&referralSourceId=1e0',
        { token: admin },
        'referralSourceId',
      );
      await refused('GET', '/api/admin/providers?providerStatusId=0x3', { token: admin }, 'providerStatusId');
      await refused('DELETE', '/api/admin/contacts/1?version=0b1', { token: admin }, 'version');
    });

    it('refused before the page privilege: a clinician asking for 0x1 gets 400, not 403', async () => {
      const clinician = await server().login('clinician@carelane.local');
      expect((await server().request('GET', '/api/admin/patients/1', { token: clinician })).status).toBe(403);
      await server().services.accessLog.flush();
      await refused('GET', '/api/admin/patients/0x1', { token: clinician }, 'id');
    });
  });

  describe('dates are bounded', () => {
    it('GET …/access and its CSV export with year 1 or 9999 answer 400 naming the date', async () => {
      for (const path of ['/api/admin/patients/1/access', '/api/admin/patients/1/access/export'])
        for (const [query, field] of [
          ['endDate=0001-01-01', 'endDate'],
          ['startDate=0001-01-01', 'startDate'],
          ['endDate=9999-12-31', 'endDate'],
          ['endDate=275760-09-13', 'endDate'],
          ['startDate=2026-02-30', 'startDate'],
        ]) {
          const res = await refused('GET', `${path}?${query}`, { token: admin }, field!);
          expect(res.body.errors[0].message).toMatch(
            /^must be (from 1900-01-01 to 2199-12-31|a date YYYY-MM-DD)$/,
          );
        }
      const ok = await server().request(
        'GET',
        '/api/admin/patients/1/access?startDate=1900-01-01&endDate=2199-12-31',
        {
          token: admin,
        },
      );
      expect(ok.status).toBe(200);
    });

    it('a date-time filter out of range, or with no zone, answers 400 naming it', async () => {
      await refused(
        'GET',
        '/api/admin/audit?startDate=0001-01-01T00:00:00.000Z',
        { token: admin },
        'startDate',
      );
      await refused('GET', '/api/admin/audit?endDate=2026-01-01T10:00', { token: admin }, 'endDate');
      await refused(
        'GET',
        '/api/admin/supplyRequests?endDate=9999-12-31T00:00:00Z',
        { token: admin },
        'endDate',
      );
      const ok = await server().request('GET', `/api/admin/audit?endDate=${new Date().toISOString()}`, {
        token: admin,
      });
      expect(ok.status).toBe(200);
    });

    it('a date in a body out of range answers 400 naming it and writes nothing', async () => {
      const before = await count(server(), 'select count(*) from patients');
      await refused(
        'POST',
        '/api/admin/patients',
        {
          token: admin,
          body: { referralSourceId: 1, firstName: 'Ada', lastName: 'Old', birthday: '0001-01-01' },
        },
        'birthday',
      );
      expect(await count(server(), 'select count(*) from patients')).toBe(before);
      await refused(
        'POST',
        '/api/admin/providers/1/vacations',
        { token: admin, body: { startDate: '2026-01-01', endDate: '9999-12-31' } },
        'endDate',
      );
    });
  });

  it('a request without a session answers 401 and writes nothing', async () => {
    const before = await snapshot(server());
    const list = await server().request('GET', '/api/admin/users');
    expect(list.status).toBe(401);
    const create = await server().request('POST', '/api/admin/users', {
      body: validUser('no.session@example.com'),
    });
    expect(create.status).toBe(401);
    expect(await snapshot(server())).toEqual(before);
  });

  it("an organization admin reading another organization's user gets 404 with nothing about that user", async () => {
    const sunrise = await server().login('orgadmin@carelane.local');
    const lakesideUserId = await userIdOf(server(), 'lakeside.user@carelane.local');
    const res = await server().request('GET', `/api/admin/users/${lakesideUserId}`, { token: sunrise });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', error: 'The user was not found.' });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('lakeside');
    expect(text).not.toContain('Harper');
    // The same answer as for no user at all.
    const none = await server().request('GET', '/api/admin/users/999999', { token: sunrise });
    expect(none.body).toEqual(res.body);
    // And the list does not show them either.
    const list = await server().request('GET', '/api/admin/users?pageSize=1000', { token: sunrise });
    expect(list.status).toBe(200);
    expect(list.body.rows.map((u: { emailId: string }) => u.emailId)).not.toContain(
      'lakeside.user@carelane.local',
    );
    // Their own organization's user is readable.
    const own = await server().request(
      'GET',
      `/api/admin/users/${await userIdOf(server(), 'orguser@carelane.local')}`,
      {
        token: sunrise,
      },
    );
    expect(own.status).toBe(200);
  });

  it('a clinician calling GET /api/admin/users gets 403', async () => {
    const clinician = await server().login('clinician@carelane.local');
    const res = await server().request('GET', '/api/admin/users', { token: clinician });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(res.body).not.toHaveProperty('rows');
  });

  it('a failure in the middle of creating a user writes nothing half-way (one transaction)', async () => {
    const emailId = 'half.way@example.com';
    const before = await snapshot(server());
    const restore = await failAuditInserts(server(), "new.entity = 'user'");
    try {
      const res = await server().request('POST', '/api/admin/users', {
        token: admin,
        body: validUser(emailId),
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        statusCode: 500,
        code: 'INTERNAL',
        error: 'Something went wrong on our side. Please try again, and tell support if it keeps happening.',
      });
      expect(JSON.stringify(res.body)).not.toMatch(/audit_fail|constraint|insert|select/i);
    } finally {
      await restore();
    }
    expect(await count(server(), 'select count(*) from users where email_id = $1', [emailId])).toBe(0);
    expect(await snapshot(server())).toEqual(before);
    // With the fault gone the same request succeeds.
    const again = await server().request('POST', '/api/admin/users', {
      token: admin,
      body: validUser(emailId),
    });
    expect(again.status).toBe(201);
  });

  it('a failure in the middle of a password reset spends no token and changes no password', async () => {
    const email = 'orguser@carelane.local';
    const session = await server().login(email);
    await server().request('POST', '/api/security/forgotPassword', { body: { emailId: email } });
    // The stored outbox copy has the token masked; the delivered message carries it.
    const token = await emailedToken(server(), email, 'resetPassword');
    const restore = await failAuditInserts(server(), "new.action = 'PASSWORD'");
    try {
      const res = await server().request('POST', '/api/security/resetPassword', {
        body: { token, password: 'Half-way-password' },
      });
      expect(res.status).toBe(500);
    } finally {
      await restore();
    }
    // The old password and the old session still work, and the token is still good.
    expect((await server().request('GET', '/api/security/me', { token: session })).status).toBe(200);
    expect(
      (
        await server().request('POST', '/api/security/authenticate', {
          body: { emailId: email, password: 'Half-way-password' },
        })
      ).status,
    ).toBe(401);
    const retry = await server().request('POST', '/api/security/resetPassword', {
      body: { token, password: 'Half-way-password' },
    });
    expect(retry.status).toBe(200);
  });
});
