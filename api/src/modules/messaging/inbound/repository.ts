// SMS and email both ways in the database (issue 27, decision 062): the received messages (inbound_messages, once
// per gateway id and channel), who sent them (a clinician by providers.phone_number / email, else a user), the
// STOP list (sms_opt_outs), the topic a clinician's last SMS from us was sent from, and the inbox's reads.
import { sql, type SQL } from 'drizzle-orm';
import type { InboundChannel, InboxStatus } from '@carelane/shared-domain';
import { queryRows, type Executor } from '../../../db/client';
import { phoneDigitsSql } from '../../../services/clinician-sms';

export interface ProviderMatch {
  id: number;
  user_id: number | null;
  phone_number: string | null;
  enable_sms: boolean;
  user_active: boolean;
}

const selectProvider = sql`select p.id, p.user_id, p.phone_number, p.enable_sms,
    coalesce(u.status = 'ACTIVE', false) as user_active
  from providers p left join users u on u.id = p.user_id`;

/** The clinician whose number this is (10 digits); the oldest record when several share it. */
export async function providerByPhone(ex: Executor, digits: string): Promise<ProviderMatch | undefined> {
  const [row] = await queryRows<ProviderMatch>(
    ex,
    sql`${selectProvider} where ${phoneDigitsSql(sql.raw('p.phone_number'))} = ${digits} order by p.id limit 1`,
  );
  return row;
}

export async function providerByEmail(ex: Executor, email: string): Promise<ProviderMatch | undefined> {
  const [row] = await queryRows<ProviderMatch>(
    ex,
    sql`${selectProvider} where lower(p.email) = ${email} order by p.id limit 1`,
  );
  return row;
}

export async function providersByIds(ex: Executor, ids: readonly number[]): Promise<ProviderMatch[]> {
  if (!ids.length) return [];
  return queryRows<ProviderMatch>(
    ex,
    sql`${selectProvider} where p.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by p.id`,
  );
}

export interface UserMatch {
  id: number;
  referral_source_id: number | null;
}

export async function userByPhone(ex: Executor, digits: string): Promise<UserMatch | undefined> {
  const [row] = await queryRows<UserMatch>(
    ex,
    sql`select id, referral_source_id from users
      where ${phoneDigitsSql(sql.raw('phone_number'))} = ${digits} order by id limit 1`,
  );
  return row;
}

export async function userByEmail(ex: Executor, email: string): Promise<UserMatch | undefined> {
  const [row] = await queryRows<UserMatch>(
    ex,
    sql`select id, referral_source_id from users where lower(email_id) = ${email} order by id limit 1`,
  );
  return row;
}

export async function userReferralSource(ex: Executor, userId: number): Promise<number | null> {
  const [row] = await queryRows<{ referral_source_id: number | null }>(
    ex,
    sql`select referral_source_id from users where id = ${userId}`,
  );
  return row?.referral_source_id ?? null;
}

/** Inserts a received message unless its gateway id was seen on that channel; the new id, or null. */
export async function insertInbound(
  ex: Executor,
  row: {
    channel: InboundChannel;
    externalId: string;
    from: string;
    to: string;
    subject: string | null;
    body: string;
    receivedAt: string | null;
    keyword: 'STOP' | 'START' | null;
    providerId: number | null;
    userId: number | null;
    referralSourceId: number | null;
  },
): Promise<number | null> {
  const handled = row.keyword !== null;
  const [inserted] = await queryRows<{ id: number }>(
    ex,
    sql`insert into inbound_messages (channel, external_id, from_address, to_address, subject, body, received_at,
        status, keyword, provider_id, user_id, referral_source_id, handled_at)
      values (${row.channel}, ${row.externalId}, ${row.from}, ${row.to}, ${row.subject}, ${row.body},
        coalesce(${row.receivedAt}::timestamptz, now()), ${handled ? 'Handled' : 'Pending'}, ${row.keyword},
        ${row.providerId}, ${row.userId}, ${row.referralSourceId}, ${handled ? sql`now()` : sql`null`})
      on conflict (channel, external_id) do nothing returning id`,
  );
  return inserted ? Number(inserted.id) : null;
}

export async function setLanding(ex: Executor, id: number, topicId: number, chatMessageId: number) {
  await ex.execute(
    sql`update inbound_messages set topic_id = ${topicId}, chat_message_id = ${chatMessageId} where id = ${id}`,
  );
}

export async function optOut(ex: Executor, phone: string) {
  await ex.execute(sql`insert into sms_opt_outs (phone) values (${phone}) on conflict (phone) do nothing`);
}

export async function optIn(ex: Executor, phone: string) {
  await ex.execute(sql`delete from sms_opt_outs where phone = ${phone}`);
}

/** The chat topic of the latest SMS queued to the clinician, if it had one. */
export async function latestSmsTopic(ex: Executor, providerId: number): Promise<number | null> {
  const [row] = await queryRows<{ topic_id: number | null }>(
    ex,
    sql`select topic_id from outbox where provider_id = ${providerId} and channel = 'sms'
      order by created_at desc, id desc limit 1`,
  );
  return row?.topic_id ?? null;
}

export interface ItemRow {
  id: number;
  channel: InboundChannel;
  from_address: string;
  to_address: string;
  subject: string | null;
  body: string;
  received_at: Date | string;
  status: InboxStatus;
  keyword: 'STOP' | 'START' | null;
  provider_id: number | null;
  user_id: number | null;
  referral_source_id: number | null;
  topic_id: number | null;
  handled_at: Date | string | null;
  provider_name: string | null;
  user_name: string | null;
  handled_by_name: string | null;
}

const selectItems = sql`select i.id, i.channel, i.from_address, i.to_address, i.subject, i.body, i.received_at,
    i.status, i.keyword, i.provider_id, i.user_id, i.referral_source_id, i.topic_id, i.handled_at,
    p.given_name || ' ' || p.family_name as provider_name, u.first_name || ' ' || u.last_name as user_name,
    h.first_name || ' ' || h.last_name as handled_by_name
  from inbound_messages i
  left join providers p on p.id = i.provider_id
  left join users u on u.id = i.user_id
  left join users h on h.id = i.handled_by_user_id`;

export async function findItem(ex: Executor, id: number, lock = false): Promise<ItemRow | undefined> {
  if (lock) await ex.execute(sql`select id from inbound_messages where id = ${id} for update`);
  const [row] = await queryRows<ItemRow>(ex, sql`${selectItems} where i.id = ${id}`);
  return row;
}

/** Who sees what: everyone (staff), or only the messages a user sent (matched to them or their clinician record). */
export type InboxScope = { userId: number } | null;
const scoped = (scope: InboxScope): SQL =>
  scope ? sql`(i.user_id = ${scope.userId} or p.user_id = ${scope.userId})` : sql`true`;

export interface ListFilter {
  status?: InboxStatus;
  channel?: InboundChannel;
  pattern?: string;
}

function filtered(scope: InboxScope, f: ListFilter): SQL {
  const parts = [scoped(scope)];
  if (f.status) parts.push(sql`i.status = ${f.status}`);
  if (f.channel) parts.push(sql`i.channel = ${f.channel}`);
  if (f.pattern !== undefined)
    parts.push(sql`(i.body ilike ${f.pattern} or i.subject ilike ${f.pattern} or i.from_address ilike ${f.pattern}
      or p.given_name || ' ' || p.family_name ilike ${f.pattern} or u.first_name || ' ' || u.last_name ilike ${f.pattern})`);
  return sql.join(parts, sql` and `);
}

export function listItems(
  ex: Executor,
  scope: InboxScope,
  f: ListFilter,
  page: { pageNumber: number; pageSize: number },
) {
  return queryRows<ItemRow>(
    ex,
    sql`${selectItems} where ${filtered(scope, f)} order by i.received_at desc, i.id desc
      limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}`,
  );
}

export async function countItems(ex: Executor, scope: InboxScope, f: ListFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from inbound_messages i
      left join providers p on p.id = i.provider_id left join users u on u.id = i.user_id
      where ${filtered(scope, f)}`,
  );
  return Number(row?.n ?? 0);
}

export async function markHandled(ex: Executor, id: number, userId: number) {
  await ex.execute(
    sql`update inbound_messages set status = 'Handled', handled_at = now(), handled_by_user_id = ${userId}
      where id = ${id}`,
  );
}
