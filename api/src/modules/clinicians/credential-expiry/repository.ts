// The daily credential expiry job's statements: one set-based statement per state change, never one per row
// (ARCHITECTURE §9 "Jobs"; issue 11 budget: 50,000 clinicians × 12 credentials in < 5 s). Each takes the
// job's `today` ('YYYY-MM-DD', the server's local date) and runs inside the job's transaction.
import { sql, type SQL } from 'drizzle-orm';
import { CREDENTIAL_EXPIRY_TEMPLATES, CREDENTIAL_STATE, EXPIRY_WARNING_DAYS } from '@carelane/shared-domain';
import { auditLog, credentialTypes, outbox, providerCredentials, providers } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { fullyCredentialedOnSql } from '../../../services/credentials-at-date';

/** Who the audit log names for the job's changes (as the visit status job). */
export const SYSTEM_EMAIL = 'system (scheduled job)';
/** The outbox key of a warning: the clinician, the threshold and the credentials it names, then the channel. */
export const WARNING_KEY_PREFIX = 'credential-expiry';

async function firstRow<T>(ex: Executor, query: SQL): Promise<T> {
  const result = (await ex.execute(query)) as unknown as { rows: T[] };
  return result.rows[0]!;
}

/**
 * (1) Approved credentials whose expiry date is before `today` become Expired (version and updated_at bumped),
 * with an audit entry each, in one statement. A credential expiring today is still valid today (the expiry
 * date is its last day, as in credentialCovers). Answers how many expired.
 */
export async function expireLapsedCredentials(ex: Executor, today: string): Promise<number> {
  const row = await firstRow<{ n: number }>(
    ex,
    sql`with expired as (
      update ${providerCredentials} set status = 'Expired', version = version + 1, updated_at = now()
      where status = 'Approved' and expires_on < ${today}::date
      returning id
    ), audited as (
      insert into ${auditLog} (user_id, user_email, entity, entity_id, action, diff)
      select null, ${SYSTEM_EMAIL}, 'providerCredential', id::text, 'UPDATE',
        '{"status":{"before":"Approved","after":"Expired"}}'::jsonb
      from expired
      returning 1
    )
    select count(*)::int as n from audited`,
  );
  return row.n;
}

/**
 * (3) Every clinician's credential state (SPEC §4) as of `today`: 5 when inactive (provider status 5), else 3
 * when fully credentialed today (the shared rule's SQL mirror), else 1; and a clinician in review (status 2)
 * who finished onboarding becomes Active (3) once fully credentialed. Only the rows that change are written
 * (version bumped, an audit entry each), in one statement. `only`: one clinician (after a review), audited as
 * the reviewer. Answers how many changed.
 *
 * The rule is asked in a WHERE clause (`fully`), where PostgreSQL turns its NOT EXISTS into a hash anti join
 * and probes the credentials index once per clinician and required type; in a CASE of the select list it was
 * a subplan per clinician reading their credential rows from the table (50,000 clinicians: 1.0 s against
 * 2.3 s on PostgreSQL).
 */
export async function recomputeCredentialStates(
  ex: Executor,
  today: string,
  only?: { providerId: number; userId: number; email: string },
): Promise<number> {
  const { inactive, fullyCredentialed, uncredentialed } = CREDENTIAL_STATE;
  const scope = only ? sql`p.id = ${only.providerId}` : sql`true`;
  const row = await firstRow<{ n: number }>(
    ex,
    sql`with fully as materialized (
      select p.id from ${providers} p
      where ${scope} and p.provider_status_id <> 5
        and ${fullyCredentialedOnSql(sql`p.id`, sql`p.provider_type_id`, today)}
    ), next as (
      select p.id, p.credential_state as before,
        case when p.provider_status_id = 5 then ${sql.raw(String(inactive))}
             when f.id is not null then ${sql.raw(String(fullyCredentialed))}
             else ${sql.raw(String(uncredentialed))} end as after,
        p.provider_status_id as status_before,
        case when p.provider_status_id = 2 and p.onboard_step = 'Done' and f.id is not null then 3
             else p.provider_status_id end as status_after
      from ${providers} p left join fully f on f.id = p.id
      where ${scope}
    ), changed as (
      update ${providers} p set credential_state = next.after, provider_status_id = next.status_after,
        version = p.version + 1, updated_at = now()
      from next
      where p.id = next.id
        and (p.credential_state is distinct from next.after or p.provider_status_id is distinct from next.status_after)
      returning p.id, next.before, next.after, next.status_before, next.status_after
    ), audited as (
      insert into ${auditLog} (user_id, user_email, entity, entity_id, action, diff)
      select ${only?.userId ?? null}::int, ${only?.email ?? SYSTEM_EMAIL}, 'provider', id::text, 'UPDATE',
        jsonb_build_object('credentialState', jsonb_build_object('before', before, 'after', after))
        || case when status_before is distinct from status_after
             then jsonb_build_object('providerStatusId', jsonb_build_object('before', status_before, 'after', status_after))
             else '{}'::jsonb end
      from changed
      returning 1
    )
    select count(*)::int as n from audited`,
  );
  return row.n;
}

/** shared-domain's formatDate ('M/D/YYYY') in SQL. */
const formatDateSql = (date: SQL) => sql`to_char(${date}, 'FMMM/FMDD/YYYY')`;

/** A template filled in SQL, placeholder by placeholder in the order of shared-domain's fillExpiryTemplate. */
const fillSql = (template: SQL) =>
  sql`replace(replace(replace(replace(replace(${template},
    '{days}', g.threshold::text), '{firstExpiry}', g.first_expiry), '{credentialLines}', g.lines),
    '{credentialNames}', g.names), '{givenName}', g.given_name)`;

/** The templates by state as a CTE of rows (state, email subject, email message, SMS), parameters of the statement. */
function templatesSql(): SQL {
  const rows = Object.entries(CREDENTIAL_EXPIRY_TEMPLATES).map(
    ([state, t]) =>
      sql`(${Number(state)}::int, ${t.emailSubject}::text, ${t.emailBody}::text, ${t.sms}::text)`,
  );
  return sql`tpl(state, email_subject, email_body, sms) as (values ${sql.join(rows, sql`, `)})`;
}

export type WarningCounts = { credentials: number; clinicians: number; messages: number };

/**
 * (2) The 30/14/7-day warnings, in one statement. A credential is due when it is Approved, of an active type,
 * expires between `today` and 30 days on, has not had the warning of its threshold (shared-domain
 * expiryWarningDue: the narrowest of 30/14/7 holding the days left, and `warned_days_before` null or wider),
 * and no approved renewal of the same type expires later. Its `warned_days_before` is set to the threshold;
 * each clinician gets one message per threshold naming all their due credentials, by email and SMS as they
 * allow (enable_email / enable_sms), in the words of their credential state, queued in the outbox.
 *
 * The renewal check is a lateral probe of the credentials index per due credential (about 1,200 a day at
 * 50,000 clinicians): as NOT EXISTS, PostgreSQL hashed every approved credential for an anti join (0.7 s).
 *
 * This is what `enqueueMessage` does, for many messages at once: its per-row work is masking secrets, and a
 * warning carries none, so the rows it would write are exactly these (no outbox_secrets row); the dedupe key
 * (clinician, threshold, md5 of the credential ids, channel) keeps a second run from queueing them again.
 */
export async function sendExpiryWarnings(ex: Executor, today: string): Promise<WarningCounts> {
  // The thresholds are constants of the code, written into the statement.
  const [widest, middle, narrowest] = EXPIRY_WARNING_DAYS.map((days) => sql.raw(String(days)));
  return firstRow<WarningCounts>(
    ex,
    sql`with candidates as (
      select c.id, c.provider_id, c.credential_type_id, c.expires_on, c.warned_days_before, t.name,
        case when c.expires_on - ${today}::date <= ${narrowest} then ${narrowest}
             when c.expires_on - ${today}::date <= ${middle} then ${middle} else ${widest} end as threshold
      from ${providerCredentials} c
      join ${credentialTypes} t on t.id = c.credential_type_id and t.active
      where c.status = 'Approved'
        and c.expires_on between ${today}::date and ${today}::date + ${widest}
    ), due as (
      select x.* from candidates x
      left join lateral (select 1 as found from ${providerCredentials} r
        where r.provider_id = x.provider_id and r.credential_type_id = x.credential_type_id and r.id <> x.id
          and r.status = 'Approved' and (r.expires_on is null or r.expires_on > x.expires_on)
        limit 1) renewal on true
      where (x.warned_days_before is null or x.warned_days_before > x.threshold) and renewal.found is null
    ), marked as (
      update ${providerCredentials} c set warned_days_before = due.threshold
      from due where c.id = due.id
      returning c.id
    ), g as (
      select d.provider_id, d.threshold, p.given_name, p.email, p.phone_number, p.enable_email, p.enable_sms,
        p.credential_state,
        string_agg('- ' || d.name || ': expires ' || ${formatDateSql(sql`d.expires_on`)}, E'\n'
          order by d.expires_on, d.name collate "C") as lines,
        string_agg(d.name, ', ' order by d.expires_on, d.name collate "C") as names,
        ${formatDateSql(sql`min(d.expires_on)`)} as first_expiry,
        ${WARNING_KEY_PREFIX}::text || ':' || d.provider_id || ':' || d.threshold || ':'
          || md5(string_agg(d.id::text, ',' order by d.id)) as key
      from due d join ${providers} p on p.id = d.provider_id
      group by d.provider_id, d.threshold, p.id
    ), ${templatesSql()}, messages as (
      select 'email' as channel, g.email as "to", ${fillSql(sql`tpl.email_subject`)} as subject,
        ${fillSql(sql`tpl.email_body`)} as body, g.key || ':email' as dedupe_key
      from g join tpl
        on tpl.state = case when g.credential_state in (1, 3, 5) then g.credential_state else 1 end
      where g.enable_email and coalesce(g.email, '') <> ''
      union all
      select 'sms', g.phone_number, null, ${fillSql(sql`tpl.sms`)}, g.key || ':sms'
      from g join tpl
        on tpl.state = case when g.credential_state in (1, 3, 5) then g.credential_state else 1 end
      where g.enable_sms and coalesce(g.phone_number, '') <> ''
    ), queued as (
      insert into ${outbox} (channel, "to", subject, body, dedupe_key)
      select channel, "to", subject, body, dedupe_key from messages
      on conflict do nothing
      returning 1
    )
    select (select count(*)::int from marked) as credentials, (select count(*)::int from g) as clinicians,
      (select count(*)::int from queued) as messages`,
  );
}
