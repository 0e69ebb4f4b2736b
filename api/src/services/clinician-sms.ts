// The one rule every SMS to a clinician goes through (issue 27, SPEC §5 "Messages cannot reach a clinician who has
// not answered 5 recent SMS", decision 062): no phone, SMS turned off (where the caller honours enableSms), a STOP
// not lifted by START, or SMS_UNANSWERED_LIMIT SMS queued to them since their latest SMS to us (or ever) — each
// refuses with its reason and writes nothing; otherwise the SMS is queued naming the clinician
// (outbox.provider_id), which is what the rule counts. Identity codes (security) do not come here.
import { sql } from 'drizzle-orm';
import {
  SMS_UNANSWERED_LIMIT,
  normalizePhone,
  type SmsBlock,
  type SmsRefusal,
} from '@carelane/shared-domain';
import { queryRows, type Executor } from '../db/client';
import { enqueueMessage } from './outbox';

export type ClinicianSmsOutcome = 'sent' | SmsRefusal;

/** What the rule needs of a clinician (providers row). */
export interface SmsClinician {
  id: number;
  phoneNumber: string | null;
  enableSms: boolean;
}

export interface ClinicianSmsInput {
  body: string;
  dedupeKey?: string;
  sentByUserId?: number | null;
  topicId?: number | null;
  /**
   * Refuse with 'smsDisabled' when the clinician turned SMS off (default true: notifications and staff's SMS); an
   * answer to an SMS they sent us, or their invitation, passes false.
   */
  respectEnableSms?: boolean;
}

/** A stored phone number as 10 digits in SQL (the form inbound numbers and sms_opt_outs keep). */
export const phoneDigitsSql = (column: ReturnType<typeof sql.raw>) =>
  sql`right(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), 10)`;

/** The clinician's SMS since their latest SMS to us (or ever), not failed: the rule's count. */
export async function unansweredCount(ex: Executor, providerId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from outbox o
      where o.provider_id = ${providerId} and o.channel = 'sms' and o.status <> 'FAILED'
        and o.created_at > coalesce((select max(i.created_at) from inbound_messages i
          where i.channel = 'sms' and i.provider_id = ${providerId}), '-infinity'::timestamptz)`,
  );
  return Number(row?.n ?? 0);
}

export async function isOptedOut(ex: Executor, phone: string): Promise<boolean> {
  const rows = await queryRows<{ phone: string }>(
    ex,
    sql`select phone from sms_opt_outs where phone = ${phone}`,
  );
  return rows.length > 0;
}

/** Why the clinician may not get an SMS now, or null when they may. */
export async function smsRefusal(
  ex: Executor,
  provider: SmsClinician,
  respectEnableSms = true,
): Promise<SmsRefusal | null> {
  const phone = provider.phoneNumber ? normalizePhone(provider.phoneNumber) : null;
  if (!phone) return 'noPhone';
  if (respectEnableSms && !provider.enableSms) return 'smsDisabled';
  if (await isOptedOut(ex, phone)) return 'optedOut';
  if ((await unansweredCount(ex, provider.id)) >= SMS_UNANSWERED_LIMIT) return 'unanswered';
  return null;
}

/**
 * Queues an SMS to a clinician inside the caller's transaction when the rule allows it ('sent'), else writes
 * nothing and answers why. Sends to one clinician are decided one after another (a transaction lock per clinician).
 */
export async function enqueueClinicianSms(
  ex: Executor,
  provider: SmsClinician,
  input: ClinicianSmsInput,
): Promise<ClinicianSmsOutcome> {
  await ex.execute(sql`select pg_advisory_xact_lock(827062, ${provider.id})`);
  const refusal = await smsRefusal(ex, provider, input.respectEnableSms ?? true);
  if (refusal) return refusal;
  await enqueueMessage(ex, {
    channel: 'sms',
    to: normalizePhone(provider.phoneNumber!)!,
    body: input.body,
    dedupeKey: input.dedupeKey,
    providerId: provider.id,
    sentByUserId: input.sentByUserId ?? null,
    topicId: input.topicId ?? null,
  });
  return 'sent';
}

/**
 * Of the given clinicians, those SMS cannot reach now (STOP, or SMS_UNANSWERED_LIMIT unanswered), in one set-based
 * query (smsBlocks' own), e.g. a broadcast's recipients for its partial answer. Ascending ids.
 */
export async function smsBlockedAmong(ex: Executor, providerIds: readonly number[]): Promise<number[]> {
  if (!providerIds.length) return [];
  const blocks = await smsBlocks(ex, providerIds);
  return blocks.map((b) => b.providerId).sort((a, b) => a - b);
}

/**
 * Every clinician SMS cannot reach now: opted out (STOP), or SMS_UNANSWERED_LIMIT unanswered SMS or more; only
 * among `providerIds` when given.
 */
export async function smsBlocks(ex: Executor, providerIds?: readonly number[]): Promise<SmsBlock[]> {
  const among = (column: string) =>
    providerIds
      ? sql`and ${sql.raw(column)} = any(${`{${providerIds.map(Number).join(',')}}`}::int[])`
      : sql``;
  const rows = await queryRows<{
    id: number;
    name: string;
    phone_number: string | null;
    opted_out_at: Date | string | null;
    n: number | null;
    fifth_at: Date | string | null;
  }>(
    ex,
    sql`with last_in as (
        select provider_id, max(created_at) as at from inbound_messages
        where channel = 'sms' and provider_id is not null ${among('provider_id')} group by provider_id),
      unanswered as (
        select o.provider_id, count(*)::int as n,
          (array_agg(o.created_at order by o.created_at, o.id))[${SMS_UNANSWERED_LIMIT}] as fifth_at
        from outbox o left join last_in l on l.provider_id = o.provider_id
        where o.provider_id is not null and o.channel = 'sms' and o.status <> 'FAILED'
          and o.created_at > coalesce(l.at, '-infinity'::timestamptz) ${among('o.provider_id')}
        group by o.provider_id)
      select p.id, p.given_name || ' ' || p.family_name as name, p.phone_number, oo.opted_out_at,
        u.n, u.fifth_at
      from providers p
      left join unanswered u on u.provider_id = p.id
      left join sms_opt_outs oo on oo.phone = ${phoneDigitsSql(sql.raw('p.phone_number'))}
      where (oo.phone is not null or u.n >= ${SMS_UNANSWERED_LIMIT}) ${among('p.id')}
      order by p.family_name, p.given_name, p.id`,
  );
  return rows.map((r) => ({
    providerId: Number(r.id),
    name: r.name,
    phoneNumber: r.phone_number,
    reason: r.opted_out_at !== null ? ('optedOut' as const) : ('unanswered' as const),
    unansweredCount: Number(r.n ?? 0),
    since: new Date((r.opted_out_at ?? r.fifth_at)!).toISOString(),
  }));
}
