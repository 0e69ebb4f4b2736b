import { describeEachDatabase } from '../../test/harness';
import { type StreamEvent, eventArrives, openEventStream } from '../../test/event-stream';
import { publishEvent } from '../../services/events';

describeEachDatabase('server-sent events', (server) => {
  it('refuses the stream without a session', async () => {
    const res = await server().request('GET', '/api/events');
    expect(res.status).toBe(401);
  });

  it('tells signed-in staff what changed, and organization users only their own organization', async () => {
    const admin = await server().login('admin@carelane.local');
    const sunriseAdmin = await server().login('orgadmin@carelane.local');
    const lakesideAdmin = await server().login('lakeside.admin@carelane.local');
    const staffStream = await openEventStream(server(), admin);
    const sunriseStream = await openEventStream(server(), sunriseAdmin);
    const lakesideStream = await openEventStream(server(), lakesideAdmin);
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
      const isThatUser = (e: StreamEvent) =>
        e.event === 'entityChanged' && e.data.entity === 'user' && e.data.id === created.body.id;
      await eventArrives(() => staffStream.events.some(isThatUser));
      await eventArrives(() => sunriseStream.events.some(isThatUser));
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
    const stream = await openEventStream(server(), admin);
    try {
      const { db } = server().services;
      await expect(
        db.transaction(async (tx) => {
          await publishEvent(tx, { entity: 'probe', id: 'rolled-back', action: 'updated' });
          throw new Error('abort after publishing');
        }),
      ).rejects.toThrow('abort after publishing');
      await db.transaction((tx) => publishEvent(tx, { entity: 'probe', id: 'committed', action: 'updated' }));
      await eventArrives(() => stream.events.some((e) => e.data.id === 'committed'));
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
