// SMS and email both ways through the API on both databases (issue 27, decision 062): the signed webhooks and
// their refusals (unsigned, wrong signature, stale, replayed, not our number), STOP / START, the rule "no more
// after 5 unanswered SMS" (SPEC §5 and §8 texts) and its lifting by a reply, the inbox (staff answer and handle;
// others only read their own), an SMS landing in its conversation, an email matched to its sender.
import Fastify from 'fastify';
import {
  MESSAGING_TEXTS,
  type ApiError,
  type ClinicianSmsResult,
  type InboxItem,
  type InboxList,
  type SmsBlockList,
} from '@carelane/shared-domain';
import { TEST_INBOUND_WEBHOOK_SECRET, describeEachDatabase, type TestServer } from '../../../test/harness';
import { count, providerIdOf, userIdOf } from '../../../test/identity-helpers';
import type { AppServices } from '../../../services/app-services';
import { inboundSignature, publicInboundRoutes } from './routes';

type Err = Partial<ApiError>;
const SECRET = TEST_INBOUND_WEBHOOK_SECRET;
const OUR_NUMBER = '(512) 555-0100';
const CLINICIAN_PHONE = '5125550104';
const OTHER_PHONE = '5125559002';

let ids = 0;
const messageId = () => `gw-${Date.now().toString(36)}-${++ids}`;
const now = () => Math.floor(Date.now() / 1000);

describeEachDatabase('messaging: SMS and email both ways', (server) => {
  const s = (): TestServer => server();
  let admin = '';
  let clinician = '';
  let coordinator = '';
  let adminId = 0;
  let clinicianUserId = 0;
  let p1 = 0;
  let p2 = 0;

  const signed = (
    channel: 'sms' | 'email',
    payload: object,
    opts: { ts?: number; signature?: string; unsigned?: boolean } = {},
  ) => {
    const raw = JSON.stringify(payload);
    const ts = String(opts.ts ?? now());
    const headers: Record<string, string> = opts.unsigned
      ? {}
      : {
          'x-carelane-timestamp': ts,
          'x-carelane-signature': opts.signature ?? inboundSignature(SECRET, ts, raw),
        };
    return s().request<{ item: InboxItem } & Err>('POST', `/api/messaging/inbound/${channel}`, {
      rawBody: raw,
      headers,
    });
  };
  const sms = (from: string, body: string, extra: object = {}) =>
    signed('sms', { messageId: messageId(), from, to: OUR_NUMBER, body, ...extra });
  const text = (providerIds: number[], body: string, token = coordinator) =>
    s().request<ClinicianSmsResult & Err>('POST', '/api/messaging/sms', {
      token,
      body: { providerIds, body },
    });
  const inbox = (token: string, query = '?status=All&pageSize=100') =>
    s().request<InboxList & Err>('GET', `/api/messaging/inbox${query}`, { token });
  const blocks = async () =>
    (await s().request<SmsBlockList>('GET', '/api/messaging/smsBlocks', { token: coordinator })).body.rows;

  beforeAll(async () => {
    [admin, clinician, coordinator] = await s().loginAs('admin', 'clinician', 'coordinator');
    adminId = await userIdOf(s(), 'admin@carelane.local');
    clinicianUserId = await userIdOf(s(), 'clinician@carelane.local');
    p1 = await providerIdOf(s(), 'clinician@carelane.local');
    const [other] = await s().sql<{ id: number }>(
      `select id from providers where id <> $1 and user_id is null order by id limit 1`,
      [p1],
    );
    p2 = Number(other!.id);
    // The harness binds each $n once, in order.
    await s().sql(`update providers set phone_number = $1, enable_sms = true where id = $2`, [
      CLINICIAN_PHONE,
      p1,
    ]);
    await s().sql(`update providers set phone_number = $1, enable_sms = true where id = $2`, [
      OTHER_PHONE,
      p2,
    ]);
    // Whatever the demo queued to them is not part of these tests.
    await s().ownerSql(`delete from outbox where provider_id in ($1, $2)`, [p1, p2]);
  });

  it('refuses what is not signed with the secret, signed long ago, replayed or to another number', async () => {
    // Without a secret the webhooks do not exist: nothing a gateway could sign is listened for.
    const unconfigured = Fastify();
    await unconfigured.register(publicInboundRoutes, {
      services: { config: { inboundWebhookSecret: undefined } } as unknown as AppServices,
    });
    await unconfigured.ready();
    expect(unconfigured.hasRoute({ method: 'POST', url: '/api/messaging/inbound/sms' })).toBe(false);
    expect(unconfigured.hasRoute({ method: 'POST', url: '/api/messaging/inbound/email' })).toBe(false);
    await unconfigured.close();
    const payload = { messageId: messageId(), from: '5125557777', to: OUR_NUMBER, body: 'Hello' };
    const unsigned = await signed('sms', payload, { unsigned: true });
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.error).toBe(MESSAGING_TEXTS.unsigned);
    const wrong = await signed('sms', payload, {
      signature: inboundSignature('other', String(now()), '{}'),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe(MESSAGING_TEXTS.badSignature);
    const stale = await signed('sms', payload, { ts: now() - 1000 });
    expect(stale.status).toBe(401);
    expect(stale.body.error).toBe(MESSAGING_TEXTS.expiredSignature);
    expect(
      await count(s(), `select count(*) from inbound_messages where external_id = $1`, [payload.messageId]),
    ).toBe(0);

    const first = await signed('sms', payload);
    expect(first.status).toBe(201);
    expect(first.body.item).toMatchObject({ channel: 'sms', from: '5125557777', status: 'Pending' });
    expect(first.body.item.sender.kind).toBe('unknown');
    const again = await signed('sms', payload);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(MESSAGING_TEXTS.replayed);
    expect(
      await count(s(), `select count(*) from inbound_messages where external_id = $1`, [payload.messageId]),
    ).toBe(1);

    const elsewhere = await signed('sms', { ...payload, messageId: messageId(), to: '5125550199' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors).toEqual([{ field: 'to', message: MESSAGING_TEXTS.notOurNumber }]);
    const invalid = await signed('sms', { messageId: messageId(), to: OUR_NUMBER, body: 'x' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors?.map((e) => e.field)).toContain('from');
  });

  it('stops at 5 unanswered SMS, lists the block, sends the rest, and a reply lifts it', async () => {
    for (let i = 1; i <= 5; i++) {
      const sent = await text([p1], `Open shift ${i}`);
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ sent: [p1], notSent: [], message: MESSAGING_TEXTS.smsSent });
    }
    const sixth = await text([p1], 'Open shift 6');
    expect(sixth.status).toBe(409);
    expect(sixth.body.error).toBe(
      `could not send to clinician (id: ${p1}) as they have not responded for 5 recent SMS.`,
    );
    expect((await blocks()).find((b) => b.providerId === p1)).toMatchObject({
      reason: 'unanswered',
      unansweredCount: 5,
    });
    const both = await text([p1, p2], 'Anyone free Friday?');
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({
      sent: [p2],
      notSent: [{ providerId: p1, reason: 'unanswered' }],
      message: MESSAGING_TEXTS.smsPartial([p1]),
    });

    const answer = await sms(CLINICIAN_PHONE, 'Yes I can take Friday');
    expect(answer.status).toBe(201);
    const item = answer.body.item;
    expect(item).toMatchObject({ status: 'Pending', keyword: null });
    expect(item.sender).toMatchObject({ kind: 'clinician', providerId: p1, userId: clinicianUserId });
    // It landed in the direct topic the coordinator's SMS were written to, by SMS.
    expect(item.topicId).not.toBeNull();
    const [landed] = await s().sql<{ author_id: number; channel: string }>(
      `select author_id, channel from chat_messages where topic_id = $1 order by id desc limit 1`,
      [item.topicId],
    );
    expect(landed).toMatchObject({ author_id: clinicianUserId, channel: 'sms' });
    expect((await blocks()).some((b) => b.providerId === p1)).toBe(false);
    expect((await text([p1], 'Thanks, booked.')).status).toBe(200);

    const listed = await inbox(admin, '?pageSize=100');
    expect(listed.status).toBe(200);
    const row = listed.body.rows.find((r) => r.id === item.id)!;
    expect(row).toMatchObject({ status: 'Pending', sender: { kind: 'clinician', providerId: p1 } });
    expect(listed.body.pendingCount).toBeGreaterThanOrEqual(1);

    // A clinician reads only their own messages, and neither answers nor handles them.
    const mine = await inbox(clinician);
    expect(mine.status).toBe(200);
    expect(mine.body.rows.length).toBeGreaterThan(0);
    expect(mine.body.rows.every((r) => r.sender.userId === clinicianUserId)).toBe(true);
    const refusedReply = await s().request<Err>('POST', `/api/messaging/inbox/${item.id}/reply`, {
      token: clinician,
      body: { body: 'me' },
    });
    expect(refusedReply.status).toBe(403);
    expect(refusedReply.body.error).toBe(MESSAGING_TEXTS.staffOnly);
    const refusedHandled = await s().request<Err>('POST', `/api/messaging/inbox/${item.id}/handled`, {
      token: clinician,
    });
    expect(refusedHandled.status).toBe(403);

    const replied = await s().request<{ item: InboxItem; message: string } & Err>(
      'POST',
      `/api/messaging/inbox/${item.id}/reply`,
      { token: admin, body: { body: 'Great, see you Friday.' } },
    );
    expect(replied.status).toBe(200);
    expect(replied.body.message).toBe(MESSAGING_TEXTS.replySent);
    expect(replied.body.item).toMatchObject({ status: 'Handled', handledByName: expect.any(String) });
    expect(
      await count(
        s(),
        `select count(*) from outbox where channel = 'sms' and "to" = $1 and body = $2 and provider_id = $3
             and sent_by_user_id = $4 and topic_id is not null`,
        [CLINICIAN_PHONE, 'Great, see you Friday.', p1, adminId],
      ),
    ).toBe(1);
    const twice = await s().request<Err>('POST', `/api/messaging/inbox/${item.id}/handled`, {
      token: admin,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(MESSAGING_TEXTS.alreadyHandled);
  });

  it('honours STOP (only its confirmation is sent) until START', async () => {
    const stop = await sms(OTHER_PHONE, '  stop. ');
    expect(stop.status).toBe(201);
    expect(stop.body.item).toMatchObject({ keyword: 'STOP', status: 'Handled' });
    expect(stop.body.item.sender).toMatchObject({ kind: 'clinician', providerId: p2 });
    expect(
      await count(s(), `select count(*) from outbox where "to" = $1 and body = $2`, [
        OTHER_PHONE,
        MESSAGING_TEXTS.stopConfirmation,
      ]),
    ).toBe(1);
    const refused = await text([p2], 'Are you there?');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(MESSAGING_TEXTS.smsOptedOut(p2));
    expect((await blocks()).find((b) => b.providerId === p2)?.reason).toBe('optedOut');

    const start = await sms(OTHER_PHONE, 'Start');
    expect(start.body.item).toMatchObject({ keyword: 'START', status: 'Handled' });
    const again = await text([p2], 'Welcome back');
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(MESSAGING_TEXTS.smsSent);
  });

  it('keeps an email matched to its sender, and answers it by email', async () => {
    const mail = await signed('email', {
      messageId: messageId(),
      from: 'Admin@Carelane.local',
      to: 'inbox@carelane.local',
      subject: 'Invoice question',
      text: 'Where is the March invoice?',
    });
    expect(mail.status).toBe(201);
    expect(mail.body.item).toMatchObject({
      channel: 'email',
      from: 'admin@carelane.local',
      subject: 'Invoice question',
      status: 'Pending',
      sender: { kind: 'user', userId: adminId },
    });
    const replied = await s().request('POST', `/api/messaging/inbox/${mail.body.item.id}/reply`, {
      token: coordinator,
      body: { body: 'Sent again today.' },
    });
    expect(replied.status).toBe(200);
    expect(
      await count(s(), `select count(*) from outbox where channel = 'email' and "to" = $1 and subject = $2`, [
        'admin@carelane.local',
        'Re: Invoice question',
      ]),
    ).toBe(1);
  });
});
