// SQL of the timeline (decision 066): one branch per kind of entry, each reading where that kind lives, for one
// subject (a patient, a clinician or an organization), joined newest first. Each branch is limited to the rows
// the page can need, so a page reads at most (offset + size) rows of each kind, from indexed columns.
import {
  PATIENT_READ_KINDS,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  type TimelineKind,
  type TimelineNoteKind,
  type TimelineSubject,
} from '@carelane/shared-domain';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client';
import { timelineNotes } from '../../../db/schema';

export interface Subject {
  subject: TimelineSubject;
  id: number;
}

export interface TimelineRow {
  key: string;
  kind: TimelineKind;
  at: Date | string;
  title: string;
  body: string | null;
  actor_name: string | null;
  link: string | null;
}

/** A fixed text of this module (never input) as an SQL literal, so every branch's columns have one type. */
const literal = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);
const NO_ROWS = sql`select null::text as key, null::text as kind, null::timestamptz as at, null::text as title,
  null::text as body, null::text as actor_name, null::text as link where false`;

const userName = (alias: string) => sql.raw(`${alias}.first_name || ' ' || ${alias}.last_name`);

/** The care-team topics of a patient's service requests, or of an organization's. */
function subjectTopics({ subject, id }: Subject): SQL {
  if (subject === 'patient')
    return sql`(select t.id from chat_topics t join episodes e on e.id = t.episode_id where e.patient_id = ${id})`;
  if (subject === 'organization')
    return sql`(select t.id from chat_topics t where t.referral_source_id = ${id})`;
  return sql`(select null::int where false)`;
}

/** The clinician's login, whose chat messages are theirs. */
const clinicianUser = (id: number) => sql`(select p.user_id from providers p where p.id = ${id})`;

function messages(s: Subject): SQL {
  const where =
    s.subject === 'clinician'
      ? sql`m.author_id = ${clinicianUser(s.id)}`
      : sql`m.topic_id in ${subjectTopics(s)}`;
  return sql`select 'message:' || m.id as key, 'message' as kind, m.created_at as at,
      'Message in ' || coalesce(e.title, 'a conversation') as title, m.body, ${userName('a')} as actor_name,
      '/messages?topic=' || m.topic_id as link
    from chat_messages m join chat_topics t on t.id = m.topic_id left join episodes e on e.id = t.episode_id
    join users a on a.id = m.author_id
    where ${where}`;
}

function inbound(s: Subject, channel: 'sms' | 'email'): SQL {
  const where =
    s.subject === 'clinician'
      ? sql`i.provider_id = ${s.id}`
      : s.subject === 'organization'
        ? sql`i.referral_source_id = ${s.id}`
        : sql`(i.topic_id in ${subjectTopics(s)}
            or i.episode_id in (select e.id from episodes e where e.patient_id = ${s.id}))`;
  const what = channel === 'sms' ? 'SMS' : 'Email';
  return sql`select ${literal(`inbound-${channel}:`)} || i.id as key, ${literal(channel)} as kind,
      i.received_at as at, ${literal(what)} || ' from ' || i.from_address || coalesce(': ' || i.subject, '') as title, i.body,
      coalesce(${userName('u')}, pr.given_name || ' ' || pr.family_name) as actor_name,
      '/inbox?status=All&search=' || i.from_address as link
    from inbound_messages i left join users u on u.id = i.user_id left join providers pr on pr.id = i.provider_id
    where i.channel = ${literal(channel)} and ${where}`;
}

/** What we sent a clinician by SMS or email (the outbox keeps who a message was for). */
function outbound(s: Subject, channel: 'sms' | 'email'): SQL {
  if (s.subject !== 'clinician') return NO_ROWS;
  const what = channel === 'sms' ? 'SMS' : 'Email';
  return sql`select ${literal(`outbox-${channel}:`)} || o.id as key, ${literal(channel)} as kind,
      o.created_at as at, ${literal(what)} || ' to ' || o.to || coalesce(': ' || o.subject, '') as title, o.body,
      ${userName('u')} as actor_name, null as link
    from outbox o left join users u on u.id = o.sent_by_user_id
    where o.channel = ${literal(channel)} and o.provider_id = ${s.id}`;
}

/** The column naming the subject in a table that has one for each kind (timeline_notes, tasks). */
const subjectColumn = (s: Subject) =>
  sql.raw({ patient: 'patient_id', clinician: 'provider_id', organization: 'referral_source_id' }[s.subject]);

function notes(s: Subject, kind: TimelineNoteKind): SQL {
  const title =
    kind === 'callLog'
      ? sql`n.direction || ' call' || coalesce(' with ' || n.contact_name, '')`
      : kind === 'communicationNote'
        ? sql`'Communication note'`
        : sql`'Comment'`;
  return sql`select ${literal(`${kind}:`)} || n.id as key, ${literal(kind)} as kind, n.created_at as at, ${title} as title, n.body,
      ${userName('u')} as actor_name, null as link
    from timeline_notes n join users u on u.id = n.created_by_user_id
    where n.kind = ${literal(kind)} and n.${subjectColumn(s)} = ${s.id}`;
}

const taskStatusLabel = sql.raw(
  `case k.status ${TASK_STATUSES.map((status) => `when '${status}' then '${TASK_STATUS_LABELS[status]}'`).join(' ')} end`,
);

function tasks(s: Subject): SQL {
  return sql`select 'task:' || k.id as key, 'task' as kind, k.created_at as at,
      'Task: ' || k.title || ' (' || ${taskStatusLabel} || ')' as title, k.description as body,
      ${userName('u')} as actor_name, null as link
    from tasks k join users u on u.id = k.created_by
    where k.deleted_at is null and k.${subjectColumn(s)} = ${s.id}`;
}

function incidents(s: Subject): SQL {
  const where =
    s.subject === 'patient'
      ? sql`r.visit_id in (select v.id from visits v where v.patient_id = ${s.id})`
      : s.subject === 'clinician'
        ? sql`r.provider_id = ${s.id}`
        : sql`r.referral_source_id = ${s.id}`;
  return sql`select 'incident:' || r.id as key, 'incident' as kind, r.occurred_at as at,
      'Incident (' || r.severity || ')' as title, r.description as body, ${userName('u')} as actor_name,
      null as link
    from incident_reports r join users u on u.id = r.reported_by
    where ${where}`;
}

/** The audit log's writes to the subject's record (and, for a patient, to their service requests). */
function changes(s: Subject): SQL {
  const own = { patient: 'patient', clinician: 'provider', organization: 'referralSource' }[s.subject];
  const episodes =
    s.subject === 'patient'
      ? sql` or (l.entity = 'episode' and l.entity_id in (select e.id::text from episodes e where e.patient_id = ${s.id}))`
      : sql``;
  return sql`select 'change:' || l.id as key, 'change' as kind, l.at,
      case l.action when 'CREATE' then 'Created' when 'DELETE' then 'Deleted' else 'Changed' end
        || case when l.entity = 'episode' then ' service request #' || l.entity_id else '' end
        || coalesce(': ' || (select string_agg(k, ', ' order by k) from jsonb_object_keys(l.diff) k), '') as title,
      null as body, coalesce(${userName('u')}, l.user_email) as actor_name, null as link
    from audit_log l left join users u on u.id = l.user_id
    where l.action in ('CREATE', 'UPDATE', 'DELETE')
      and ((l.entity = ${literal(own)} and l.entity_id = ${String(s.id)})${episodes})`;
}

const readKindLabel = sql.raw(
  `case l.entity ${Object.entries(PATIENT_READ_KINDS)
    .map(([kind, label]) => `when '${kind}' then '${label.replace(/'/g, "''")}'`)
    .join(' ')} else l.entity end`,
);

/** The patient access log: who read this patient's data, and what. */
function access(s: Subject): SQL {
  if (s.subject !== 'patient') return NO_ROWS;
  return sql`select 'access:' || l.id as key, 'access' as kind, l.at,
      'Read: ' || ${readKindLabel} || case when l.outcome = 'REFUSED' then ' (refused)' else '' end as title,
      null as body, coalesce(${userName('u')}, l.user_email) as actor_name, null as link
    from audit_log l left join users u on u.id = l.user_id
    where l.action = 'READ' and l.patient_ids @> array[${s.id}::int]`;
}

function branches(s: Subject, kinds: readonly TimelineKind[], from: Date | null, to: Date | null): SQL[] {
  const of: Record<TimelineKind, () => SQL[]> = {
    message: () => [messages(s)],
    sms: () => [inbound(s, 'sms'), outbound(s, 'sms')],
    email: () => [inbound(s, 'email'), outbound(s, 'email')],
    callLog: () => [notes(s, 'callLog')],
    communicationNote: () => [notes(s, 'communicationNote')],
    comment: () => [notes(s, 'comment')],
    task: () => [tasks(s)],
    incident: () => [incidents(s)],
    change: () => [changes(s)],
    access: () => [access(s)],
  };
  const within = sql`(${from === null ? sql`true` : sql`x.at >= ${from.toISOString()}::timestamptz`}
    and ${to === null ? sql`true` : sql`x.at < ${to.toISOString()}::timestamptz`})`;
  return kinds
    .flatMap((kind) => of[kind]())
    .map((branch) => sql`select x.* from (${branch}) x where ${within}`);
}

/** A page of the subject's timeline, newest first, and how many entries it has in all. */
export async function timelinePage(
  ex: Executor,
  s: Subject,
  q: {
    kinds: readonly TimelineKind[];
    from: Date | null;
    to: Date | null;
    pageNumber: number;
    pageSize: number;
  },
): Promise<{ rows: TimelineRow[]; totalCount: number }> {
  const parts = branches(s, q.kinds, q.from, q.to);
  if (!parts.length) return { rows: [], totalCount: 0 };
  const need = q.pageNumber * q.pageSize;
  const limited = parts.map((part) => sql`(${part} order by at desc limit ${need})`);
  const [rows, counts] = await Promise.all([
    queryRows<TimelineRow>(
      ex,
      sql`select * from (${sql.join(limited, sql` union all `)}) entries
        order by at desc, key desc limit ${q.pageSize} offset ${need - q.pageSize}`,
    ),
    queryRows<{ n: number }>(
      ex,
      sql`select (${sql.join(
        parts.map((part) => sql`(select count(*) from (${part}) c)`),
        sql` + `,
      )})::int as n`,
    ),
  ]);
  return { rows, totalCount: counts[0]?.n ?? 0 };
}

/** The subject's name, or null when there is no such record. */
export async function subjectName(ex: Executor, { subject, id }: Subject): Promise<string | null> {
  const query =
    subject === 'patient'
      ? sql`select first_name || ' ' || last_name as name from patients where id = ${id}`
      : subject === 'clinician'
        ? sql`select given_name || ' ' || family_name as name from providers where id = ${id}`
        : sql`select name from referral_sources where id = ${id}`;
  const [row] = await queryRows<{ name: string }>(ex, query);
  return row?.name ?? null;
}

/** The organization a patient or an organization belongs to (its calendar); null for a clinician. */
export async function subjectOrganization(ex: Executor, { subject, id }: Subject): Promise<number | null> {
  if (subject === 'organization') return id;
  if (subject === 'clinician') return null;
  const [row] = await queryRows<{ id: number }>(
    ex,
    sql`select referral_source_id as id from patients where id = ${id}`,
  );
  return row?.id ?? null;
}

/** Whether the clinician has been assigned a visit of the patient (what lets them read the patient's timeline). */
export async function clinicianSeesPatient(ex: Executor, providerId: number, patientId: number) {
  const [row] = await queryRows<{ ok: boolean }>(
    ex,
    sql`select exists (select 1 from visits where provider_id = ${providerId} and patient_id = ${patientId}) as ok`,
  );
  return row?.ok === true;
}

/** One note as its timeline shows it. */
export async function noteEntry(ex: Executor, s: Subject, kind: TimelineNoteKind, id: number) {
  const [row] = await queryRows<TimelineRow>(
    ex,
    sql`select x.* from (${notes(s, kind)}) x where x.key = ${`${kind}:${id}`}`,
  );
  return row!;
}

export async function insertNote(
  ex: Executor,
  values: typeof timelineNotes.$inferInsert,
): Promise<{ id: number; createdAt: Date }> {
  const [row] = await ex
    .insert(timelineNotes)
    .values(values)
    .returning({ id: timelineNotes.id, createdAt: timelineNotes.createdAt });
  return row!;
}
