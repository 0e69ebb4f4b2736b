import { describeEachDatabase, type TestServer } from '../../../test/harness';

interface Message {
  id: number;
  channel: string;
  to: string;
  subject: string | null;
  body: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

async function messagesTo(s: TestServer, token: string, to: string): Promise<Message[]> {
  const res = await s.request<{ rows: Message[] }>('GET', `/api/admin/outbox?to=${encodeURIComponent(to)}`, {
    token,
  });
  if (res.status !== 200) throw new Error(`outbox answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.rows;
}

/** Polls the outbox as the caller sees it until the one message to `to` reaches `status`. */
async function waitForStatus(s: TestServer, token: string, to: string, status: string, timeoutMs = 8000) {
  const seen: string[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [message] = await messagesTo(s, token, to);
    if (message && seen.at(-1) !== message.status) seen.push(message.status);
    if (message?.status === status) return { message, seen };
    if (Date.now() > deadline)
      throw new Error(`no ${status} message to ${to} in time; saw ${seen.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeEachDatabase('outbox', (server) => {
  let admin = '';

  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
  });

  it('an administrator reads recorded messages, newest first, with paging', async () => {
    for (const n of [1, 2, 3]) {
      const res = await server().request('POST', '/api/admin/users', {
        token: admin,
        body: { emailId: `recorded.${n}@outbox.test`, firstName: 'Rec', lastName: `Orded${n}`, roleId: 5 },
      });
      expect(res.status).toBe(201);
    }
    const res = await server().request<{ rows: Message[]; paging: Record<string, number> }>(
      'GET',
      '/api/admin/outbox?channel=email&pageSize=2',
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.rows.map((m) => m.to)).toEqual(['recorded.3@outbox.test', 'recorded.2@outbox.test']);
    expect(res.body.rows[0]).toMatchObject({
      channel: 'email',
      subject: 'Reset your Carelane password',
      cc: null,
    });
    expect(res.body.rows[0]!.body).toContain('/resetPassword?token=');
    const [{ n } = { n: 0 }] = await server().sql<{ n: number }>(
      "select count(*)::int as n from outbox where channel = 'email'",
    );
    expect(res.body.paging).toEqual({
      pageNumber: 1,
      pageSize: 2,
      pageCount: Math.ceil(n / 2),
      totalCount: n,
    });
    const one = await messagesTo(server(), admin, 'Recorded.1@Outbox.test');
    expect(one.map((m) => m.to)).toEqual(['recorded.1@outbox.test']);
    const sms = await server().request<{ rows: Message[] }>('GET', '/api/admin/outbox?channel=sms', {
      token: admin,
    });
    expect(sms.body.rows.every((m) => m.channel === 'sms')).toBe(true);
  });

  it.each([
    'director@carelane.local',
    'executive@carelane.local',
    'coordinator@carelane.local',
    'orgadmin@carelane.local',
  ])('is refused to a non-administrator (%s)', async (email) => {
    const token = await server().login(email);
    const res = await server().request('GET', '/api/admin/outbox', { token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      statusCode: 403,
      code: 'FORBIDDEN',
      error: "Sorry, you don't have access to this.",
    });
  });

  it('delivers a message the app enqueued: it ends SENT with a sending time', async () => {
    const created = await server().request('POST', '/api/admin/users', {
      token: admin,
      body: { emailId: 'dispatch.me@outbox.test', firstName: 'Dis', lastName: 'Patch', roleId: 5 },
    });
    expect(created.status).toBe(201);
    const { message } = await waitForStatus(server(), admin, 'dispatch.me@outbox.test', 'SENT');
    expect(message).toMatchObject({ attempts: 1, lastError: null });
    expect(message.sentAt).not.toBeNull();
    expect(Date.parse(message.sentAt!)).toBeGreaterThanOrEqual(Date.parse(message.createdAt));
  });

  it('a PENDING message goes to SENT within a few seconds once it is due', async () => {
    // Due in one second, so it is certainly seen PENDING first.
    await server().sql(
      `insert into outbox (channel, "to", subject, body, next_attempt_at)
       values ('email', 'later@outbox.test', 'Later', 'Hello later', now() + interval '1 second')`,
    );
    const [first] = await messagesTo(server(), admin, 'later@outbox.test');
    expect(first).toMatchObject({ status: 'PENDING', attempts: 0, sentAt: null });
    const { seen, message } = await waitForStatus(server(), admin, 'later@outbox.test', 'SENT');
    expect(seen[0]).toBe('PENDING');
    expect(message.attempts).toBe(1);
  });
});
