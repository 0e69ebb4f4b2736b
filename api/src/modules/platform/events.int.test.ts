import http from 'node:http';
import { describeEachDatabase, type TestServer } from '../../test/harness';
import { publishEvent } from '../../services/events';

interface Stream {
  events: { event: string; data: Record<string, unknown> }[];
  close(): void;
}

/** Opens /api/events with a bearer token and collects the server-sent events it receives. */
function openStream(
  server: TestServer,
  token: string,
): Promise<Stream & { status: number; contentType: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL('/api/events', server.url);
    const events: Stream['events'] = [];
    const request = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      });
      resolve({
        status: response.statusCode ?? 0,
        contentType: String(response.headers['content-type']),
        events,
        close: () => request.destroy(),
      });
    });
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}

async function waitFor(check: () => boolean, withinMs = 3000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > withinMs) throw new Error('the event did not arrive');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeEachDatabase('server-sent events', (server) => {
  it('refuses the stream without a session', async () => {
    const res = await server().request('GET', '/api/events');
    expect(res.status).toBe(401);
  });

  it('tells signed-in staff what changed, and organization users only their own organization', async () => {
    const admin = await server().login('admin@carelane.local');
    const sunriseAdmin = await server().login('orgadmin@carelane.local');
    const lakesideAdmin = await server().login('lakeside.admin@carelane.local');
    const staffStream = await openStream(server(), admin);
    const sunriseStream = await openStream(server(), sunriseAdmin);
    const lakesideStream = await openStream(server(), lakesideAdmin);
    try {
      expect(staffStream.status).toBe(200);
      expect(staffStream.contentType).toContain('text/event-stream');
      const [sunrise] = await server().sql<{ id: number }>(
        "select id from referral_sources where name = 'Sunrise Home Health'",
      );
      const created = await server().request('POST', '/api/admin/users', {
        token: sunriseAdmin,
        body: { emailId: `sse.${Date.now()}@example.com`, firstName: 'Event', lastName: 'Stream', roleId: 9 },
      });
      expect(created.status).toBe(201);
      const isThatUser = (e: Stream['events'][number]) =>
        e.event === 'entityChanged' && e.data.entity === 'user' && e.data.id === created.body.id;
      await waitFor(() => staffStream.events.some(isThatUser));
      await waitFor(() => sunriseStream.events.some(isThatUser));
      expect(staffStream.events.find(isThatUser)!.data).toMatchObject({
        entity: 'user',
        id: created.body.id,
        action: 'created',
      });
      expect(created.body.referralSourceId).toBe(sunrise!.id);
      // Lakeside hears nothing of Sunrise's user, even after the others did.
      await new Promise((r) => setTimeout(r, 200));
      expect(lakesideStream.events.some(isThatUser)).toBe(false);
    } finally {
      staffStream.close();
      sunriseStream.close();
      lakesideStream.close();
    }
  });

  it('says nothing of a write that was rolled back', async () => {
    const admin = await server().login('admin@carelane.local');
    const stream = await openStream(server(), admin);
    try {
      const { db } = server().services;
      await expect(
        db.transaction(async (tx) => {
          await publishEvent(tx, { entity: 'probe', id: 'rolled-back', action: 'updated' });
          throw new Error('abort after publishing');
        }),
      ).rejects.toThrow('abort after publishing');
      await db.transaction((tx) => publishEvent(tx, { entity: 'probe', id: 'committed', action: 'updated' }));
      await waitFor(() => stream.events.some((e) => e.data.id === 'committed'));
      expect(stream.events.filter((e) => e.data.entity === 'probe').map((e) => e.data.id)).toEqual([
        'committed',
      ]);
    } finally {
      stream.close();
    }
  });
});

describeEachDatabase(
  'security headers behind a TLS proxy',
  (server) => {
    it('adds HSTS to requests that came over https, and only to those', async () => {
      const overTls = await server().request('GET', '/api/health', {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const plain = await server().request('GET', '/api/health');
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    });
  },
  { trustProxy: true },
);
