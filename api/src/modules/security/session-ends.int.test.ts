import http from 'node:http';
import { describeEachDatabase, describeTwoInstances, type TestServer } from '../../test/harness';
import { FRESH_PASSWORD, createUserAsAdmin, makeIdle } from '../../test/identity-helpers';

interface OpenStream {
  status: number;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  isOpen(): boolean;
  close(): void;
}

/** Opens /api/events with a bearer token and reports when the server closes it. */
function openStream(server: TestServer, token: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    let open = true;
    const request = http.get(
      new URL('/api/events', server.url),
      { headers: { authorization: `Bearer ${token}` } },
      (response) => {
        response.resume();
        const ended = new Promise<void>((done) => {
          const finish = () => {
            open = false;
            done();
          };
          response.on('end', finish);
          response.on('close', finish);
          response.on('error', finish);
        });
        resolve({
          status: response.statusCode ?? 0,
          ended,
          isOpen: () => open,
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}

function within(promise: Promise<void>, ms: number, what: string): Promise<void> {
  return Promise.race([
    promise,
    new Promise<void>((_, reject) => setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms)),
  ]);
}

describeEachDatabase('what ends a session', (server) => {
  it('changing the password ends every other session of the account, and keeps this one', async () => {
    const user = await createUserAsAdmin(server(), { password: 'Given-password-1' });
    const first = await server().login(user.emailId, 'Given-password-1');
    const changed = await server().request('POST', '/api/security/changePassword', {
      token: first,
      body: { currentPassword: 'Given-password-1', newPassword: FRESH_PASSWORD },
    });
    expect(changed.status).toBe(200);
    const a = await server().login(user.emailId, FRESH_PASSWORD);
    const b = await server().login(user.emailId, FRESH_PASSWORD);
    const res = await server().request('POST', '/api/security/changePassword', {
      token: a,
      body: { currentPassword: FRESH_PASSWORD, newPassword: 'Another-password-2' },
    });
    expect(res.status).toBe(200);
    const otherMe = await server().request('GET', '/api/security/me', { token: b });
    expect(otherMe.status).toBe(401);
    expect((await server().request('GET', '/api/security/me', { token: first })).status).toBe(401);
    expect((await server().request('GET', '/api/security/me', { token: a })).status).toBe(200);
  });

  it('logout closes the session’s open event stream', async () => {
    const token = await server().login('coordinator@carelane.local');
    const stream = await openStream(server(), token);
    try {
      expect(stream.status).toBe(200);
      expect((await server().request('POST', '/api/security/logout', { token })).status).toBe(200);
      await within(stream.ended, 3000, 'the stream was not closed');
    } finally {
      stream.close();
    }
  });

  it('a password change closes the streams of the sessions it ends, not its own', async () => {
    const user = await createUserAsAdmin(server(), { password: 'Given-password-1' });
    const setUp = await server().login(user.emailId, 'Given-password-1');
    await server().request('POST', '/api/security/changePassword', {
      token: setUp,
      body: { currentPassword: 'Given-password-1', newPassword: FRESH_PASSWORD },
    });
    const a = await server().login(user.emailId, FRESH_PASSWORD);
    const b = await server().login(user.emailId, FRESH_PASSWORD);
    const streamA = await openStream(server(), a);
    const streamB = await openStream(server(), b);
    try {
      const res = await server().request('POST', '/api/security/changePassword', {
        token: a,
        body: { currentPassword: FRESH_PASSWORD, newPassword: 'Another-password-2' },
      });
      expect(res.status).toBe(200);
      await within(streamB.ended, 3000, 'the other session’s stream was not closed');
      await new Promise((r) => setTimeout(r, 300));
      expect(streamA.isOpen()).toBe(true);
    } finally {
      streamA.close();
      streamB.close();
    }
  });

  it('deactivating the user closes their open streams', async () => {
    const user = await createUserAsAdmin(server(), { password: 'Given-password-1' });
    const token = await server().login(user.emailId, 'Given-password-1');
    // Still to change the password: the stream is open to such a session too.
    const stream = await openStream(server(), token);
    try {
      expect(stream.status).toBe(200);
      const admin = await server().login('admin@carelane.local');
      const off = await server().request('POST', `/api/admin/users/${user.id}/deactivate`, { token: admin });
      expect(off.status).toBe(200);
      await within(stream.ended, 3000, 'the stream was not closed');
    } finally {
      stream.close();
    }
  });

  it('an idle session’s stream is closed when the session expires', async () => {
    const token = await server().login('orguser@carelane.local');
    const stream = await openStream(server(), token);
    try {
      expect(stream.status).toBe(200);
      await makeIdle(server(), token, 120);
      await within(stream.ended, 3000, 'the stream was not closed');
      expect((await server().request('GET', '/api/security/me', { token })).body.code).toBe(
        'SESSION_EXPIRED',
      );
    } finally {
      stream.close();
    }
  });
});

describeEachDatabase(
  'idle expiry with nothing written',
  (server) => {
    it('closes the stream of a session that went idle, found by the periodic check alone', async () => {
      const token = await server().login('orguser@carelane.local');
      const stream = await openStream(server(), token);
      try {
        expect(stream.status).toBe(200);
        // Time passing writes nothing: make the session idle without announcing a write to sessions.
        await server().ownerSql('alter table sessions disable trigger sessions_changed');
        try {
          await makeIdle(server(), token, 120);
        } finally {
          await server().ownerSql('alter table sessions enable trigger sessions_changed');
        }
        await within(stream.ended, 3000, 'the stream was not closed');
      } finally {
        stream.close();
      }
    });
  },
  { eventStreamCheckMs: 300 },
);

describeTwoInstances('what ends a session, across two instances on one PostgreSQL database', (instances) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(() => {
    ({ a, b } = instances());
  });

  it('a sign-out on one instance closes the stream open on the other', async () => {
    const token = await a.login('coordinator@carelane.local');
    const stream = await openStream(a, token);
    try {
      expect(stream.status).toBe(200);
      expect((await b.request('POST', '/api/security/logout', { token })).status).toBe(200);
      await within(stream.ended, 3000, 'the stream was not closed');
    } finally {
      stream.close();
    }
  });
});
