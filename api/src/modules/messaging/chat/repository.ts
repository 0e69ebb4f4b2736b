// Chat in the database (issue 27): who is a member of a topic, the caller's topics with their unread counts and
// last message, a topic's messages by keyset, the idempotent insert of a message and the read marks.
//
// Membership. A direct topic's members are its two users. A care-team topic's members are computed from its
// service request each time: the organization's users (organization roles), the episode's care coordinator and
// customer care coordinator, and the clinicians of its visits that are not deleted. So an assignment or an
// unassignment changes who may read and post at once, with nothing to keep in sync. An organization user only
// ever reaches topics of their own organization (the topic's referral_source_id), whatever else holds.
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  CHAT_UNREAD_CAP,
  ORGANIZATION_ROLE_IDS,
  type ChatMessageChannel,
  type ChatTopicKind,
} from '@carelane/shared-domain';
import { queryRows, type Executor } from '../../../db/client';
import { messageFiles } from '../../../db/schema';

/** Whose view: the user, and their organization when they are an organization user (else null). */
export interface Viewer {
  userId: number;
  orgId: number | null;
}

const orgRoles = sql.raw(`(${ORGANIZATION_ROLE_IDS.join(', ')})`);

/**
 * True when the viewer is a member of topic `t` (an alias in the surrounding statement). Without `throughVisits`,
 * only by the topic itself or its service request: a clinician who is a member through a visit is not found.
 */
function isMember(v: Viewer, throughVisits = true): SQL {
  const orgGuard = v.orgId === null ? sql`true` : sql`t.referral_source_id = ${v.orgId}`;
  const ofOrganization = v.orgId === null ? sql`false` : sql`e.referral_source_id = ${v.orgId}`;
  return sql`(${orgGuard} and (
    (t.kind = 'direct' and ${v.userId} in (t.direct_user_low, t.direct_user_high))
    or (t.kind = 'careTeam' and exists (
      select 1 from episodes e where e.id = t.episode_id and (
        ${ofOrganization}
        or e.care_coordinator_id = ${v.userId}
        or e.customer_care_coordinator_id = ${v.userId}
        ${throughVisits ? ofVisits(v) : sql``})))))`;
}

/**
 * The viewer's clinician record, as a scalar subquery (providers.user_id is unique, so at most one): the visits
 * are matched by provider id, so the planner neither joins providers nor plans it per topic (on PGlite the unread
 * totals over 500 topics take about 3 ms less than with `join providers … where p.user_id = …`).
 */
const viewerProvider = (v: Viewer): SQL => sql`(select p.id from providers p where p.user_id = ${v.userId})`;

/** The clause of `isMember` that makes the clinicians of the service request's visits members. */
const ofVisits = (v: Viewer): SQL => sql`or exists (select 1 from visits v
  where v.episode_id = e.id and v.provider_id = ${viewerProvider(v)} and v.status <> 'Deleted')`;

/** The topics the viewer may be a member of, from indexes; `isMember` decides. */
function candidateTopicIds(v: Viewer): SQL {
  const ofOrganization =
    v.orgId === null
      ? sql``
      : sql`union select t.id from chat_topics t join episodes e on e.id = t.episode_id
              where t.kind = 'careTeam' and e.referral_source_id = ${v.orgId}`;
  return sql`(
    select m.topic_id from chat_topic_members m where m.user_id = ${v.userId}
    union select t.id from chat_topics t join episodes e on e.id = t.episode_id
      where t.kind = 'careTeam'
        and (e.care_coordinator_id = ${v.userId} or e.customer_care_coordinator_id = ${v.userId})
    union select t.id from chat_topics t
      join visits v on v.episode_id = t.episode_id and v.status <> 'Deleted'
      where t.kind = 'careTeam' and v.provider_id = ${viewerProvider(v)}
    ${ofOrganization})`;
}

/** Others' messages after the viewer's read mark (`mem`), in topic `t`, counted up to CHAT_UNREAD_CAP. */
const unreadOf = (v: Viewer) => sql`(select count(*)::int from (select 1 from chat_messages um
  where um.topic_id = t.id and um.id > coalesce(mem.last_read_message_id, 0) and um.author_id <> ${v.userId}
  order by um.id limit ${CHAT_UNREAD_CAP}) unread)`;

export interface TopicRow {
  id: number;
  kind: ChatTopicKind;
  episode_id: number | null;
  referral_source_id: number | null;
  title: string | null;
  last_read_message_id: number | null;
  unread_count: number;
  last_id: number | null;
  last_author_id: number | null;
  last_author_name: string | null;
  last_body: string | null;
  last_attachment_file_id: number | null;
  last_created_at: Date | string | null;
  last_channel: ChatMessageChannel | null;
  last_file_name: string | null;
  last_content_type: string | null;
  last_size_bytes: number | null;
  last_uploaded_at: Date | string | null;
}

function selectTopics(v: Viewer, where: SQL): SQL {
  return sql`select t.id, t.kind, t.episode_id, t.referral_source_id,
      case when t.kind = 'careTeam' then e.title else o.first_name || ' ' || o.last_name end as title,
      mem.last_read_message_id, ${unreadOf(v)} as unread_count,
      lm.id as last_id, lm.author_id as last_author_id, la.first_name || ' ' || la.last_name as last_author_name,
      lm.body as last_body, lm.attachment_file_id as last_attachment_file_id, lm.created_at as last_created_at,
      lm.channel as last_channel, lf.file_name as last_file_name, lf.content_type as last_content_type,
      lf.size_bytes as last_size_bytes, lf.uploaded_at as last_uploaded_at
    from chat_topics t
    left join episodes e on e.id = t.episode_id
    left join users o on t.kind = 'direct'
      and o.id = case when t.direct_user_low = ${v.userId} then t.direct_user_high else t.direct_user_low end
    left join chat_topic_members mem on mem.topic_id = t.id and mem.user_id = ${v.userId}
    left join chat_messages lm on lm.id = t.last_message_id
    left join message_files lf on lf.id = lm.attachment_file_id
    left join users la on la.id = lm.author_id
    where ${where}`;
}

/** Topic `t` is of this kind (any kind when undefined). */
const ofKind = (kind: ChatTopicKind | undefined): SQL => (kind ? sql`t.kind = ${kind}` : sql`true`);

/** A page of the viewer's topics (of `kind`, when given), latest activity first. */
export function listTopics(
  ex: Executor,
  v: Viewer,
  page: { pageNumber: number; pageSize: number; kind?: ChatTopicKind },
) {
  return queryRows<TopicRow>(
    ex,
    sql`${selectTopics(v, sql`t.id in ${candidateTopicIds(v)} and ${isMember(v)} and ${ofKind(page.kind)}`)}
      order by coalesce(t.last_message_at, t.created_at) desc, t.id desc
      limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}`,
  );
}

/** How many topics the viewer has (of `kind`, when given), and their unread messages over all of them. */
export async function topicTotals(
  ex: Executor,
  v: Viewer,
  kind?: ChatTopicKind,
): Promise<{ topics: number; unread: number }> {
  const [row] = await queryRows<{ topics: number; unread: number }>(
    ex,
    sql`select (count(*) filter (where ${ofKind(kind)}))::int as topics, coalesce(sum(${unreadOf(v)}), 0)::int as unread
      from chat_topics t
      left join chat_topic_members mem on mem.topic_id = t.id and mem.user_id = ${v.userId}
      where t.id in ${candidateTopicIds(v)} and ${isMember(v)}`,
  );
  return row ?? { topics: 0, unread: 0 };
}

/** One topic as the viewer sees it, or undefined when they are not a member (or it does not exist). */
export async function findTopic(ex: Executor, v: Viewer, topicId: number): Promise<TopicRow | undefined> {
  const [row] = await queryRows<TopicRow>(ex, selectTopics(v, sql`t.id = ${topicId} and ${isMember(v)}`));
  return row;
}

/**
 * True when the viewer is a member of the topic (false when it does not exist): membership alone, for the reads
 * and writes that need nothing else of the topic. With `lock`, the topic is locked (posts to one topic are written
 * one after another). `askedWithoutVisits`: the caller already found the viewer is no member by the topic or its
 * service request (`listMessagesOfMember`), so only the whole rule is asked.
 */
export type MembershipCheck = { lock?: boolean; askedWithoutVisits?: boolean };

export async function isTopicMember(
  ex: Executor,
  v: Viewer,
  topicId: number,
  { lock = false, askedWithoutVisits = false }: MembershipCheck = {},
): Promise<boolean> {
  const member = async (throughVisits: boolean) =>
    (
      await queryRows<{ id: number }>(
        ex,
        sql`select t.id from chat_topics t where t.id = ${topicId} and ${isMember(v, throughVisits)}
          ${lock ? sql`for update of t` : sql``}`,
      )
    ).length > 0;
  // Asked first without the visits (most members are so by the topic or its service request), then with them:
  // planning visits and providers with their indexes is most of this check's time (on PGlite 1 ms of 1.3 ms).
  return (!askedWithoutVisits && (await member(false))) || member(true);
}

/** Every member's user id (the audience of its events). */
export async function memberIds(ex: Executor, topicId: number): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    ex,
    sql`select t.direct_user_low as user_id from chat_topics t where t.id = ${topicId} and t.kind = 'direct'
      union select t.direct_user_high from chat_topics t where t.id = ${topicId} and t.kind = 'direct'
      union select u.id from chat_topics t join episodes e on e.id = t.episode_id
        join users u on u.referral_source_id = e.referral_source_id
        where t.id = ${topicId} and u.role_id in ${orgRoles} and u.status = 'ACTIVE'
      union select e.care_coordinator_id from chat_topics t join episodes e on e.id = t.episode_id
        where t.id = ${topicId} and e.care_coordinator_id is not null
      union select e.customer_care_coordinator_id from chat_topics t join episodes e on e.id = t.episode_id
        where t.id = ${topicId} and e.customer_care_coordinator_id is not null
      union select p.user_id from chat_topics t join visits v on v.episode_id = t.episode_id
        join providers p on p.id = v.provider_id
        where t.id = ${topicId} and v.status <> 'Deleted' and p.user_id is not null`,
  );
  return rows.map((r) => Number(r.user_id)).sort((a, b) => a - b);
}

export interface MessageRow {
  id: number;
  topic_id: number;
  author_id: number;
  author_name: string;
  body: string;
  attachment_file_id: number | null;
  created_at: Date | string;
  channel: ChatMessageChannel;
  file_name: string | null;
  content_type: string | null;
  size_bytes: number | null;
  uploaded_at: Date | string | null;
}

const selectMessages = sql`select m.id, m.topic_id, m.author_id, a.first_name || ' ' || a.last_name as author_name,
    m.body, m.attachment_file_id, m.created_at, m.channel,
    f.file_name, f.content_type, f.size_bytes, f.uploaded_at
  from chat_messages m join users a on a.id = m.author_id
  left join message_files f on f.id = m.attachment_file_id`;

/** Which page of a topic's messages: older than `before`, matching `pattern` (ILIKE) if given, up to `limit`. */
export interface MessagePage {
  before?: number;
  pattern?: string;
  limit: number;
}

/**
 * Up to `limit` messages of a topic older than `before`, newest first, matching `pattern` if given. The topic is
 * named as `= any(array[…])` and ordered by with the id, so the plan walks the topic's index: with a plain `=`,
 * PostgreSQL drops the topic from the order and may walk the whole table's newest ids backward looking for an old
 * conversation's messages (170 ms on 1M messages, against 0.1 ms).
 */
const messagesPage = (topicId: number, q: MessagePage): SQL =>
  sql`${selectMessages} where m.topic_id = any(array[${topicId}]::int[])
    ${q.before !== undefined ? sql`and m.id < ${q.before}` : sql``}
    ${q.pattern !== undefined ? sql`and m.body ilike ${q.pattern}` : sql``}
    order by m.topic_id desc, m.id desc limit ${q.limit}`;

export function listMessages(ex: Executor, topicId: number, q: MessagePage) {
  return queryRows<MessageRow>(ex, messagesPage(topicId, q));
}

/**
 * The page of `listMessages` when the viewer is a member by the topic itself or its service request (`isMember`
 * without its visits clause), in one statement; `member` false and no rows otherwise, for the caller to ask the
 * whole rule (a clinician through a visit). The rows come as one JSON array (timestamps as ISO text): one value
 * for the driver to parse instead of a dozen per row.
 */
export async function listMessagesOfMember(
  ex: Executor,
  v: Viewer,
  topicId: number,
  q: MessagePage,
): Promise<{ member: boolean; rows: MessageRow[] }> {
  const [row] = await queryRows<{ member: boolean; rows: MessageRow[] | null }>(
    ex,
    sql`select k.member, case when k.member then (
        select coalesce(json_agg(r order by r.id desc), '[]') from (${messagesPage(topicId, q)}) r) end as rows
      from (select exists (select 1 from chat_topics t where t.id = ${topicId} and ${isMember(v, false)}) as member) k`,
  );
  return { member: row!.member, rows: row!.rows ?? [] };
}

export async function findMessage(ex: Executor, id: number): Promise<MessageRow | undefined> {
  const [row] = await queryRows<MessageRow>(ex, sql`${selectMessages} where m.id = ${id}`);
  return row;
}

/** The author's message already written with this key, if any. */
export async function findByKey(ex: Executor, authorId: number, key: string) {
  const [row] = await queryRows<{ id: number; topic_id: number; body: string }>(
    ex,
    sql`select id, topic_id, body from chat_messages where author_id = ${authorId} and idempotency_key = ${key}`,
  );
  return row;
}

/** Inserts the message unless the author already used the key; its id, or null when the key was taken. */
export async function insertMessage(
  ex: Executor,
  row: {
    topicId: number;
    authorId: number;
    body: string;
    idempotencyKey: string;
    channel?: ChatMessageChannel;
    attachmentFileId?: number;
  },
): Promise<number | null> {
  const [inserted] = await queryRows<{ id: number }>(
    ex,
    sql`insert into chat_messages (topic_id, author_id, body, idempotency_key, channel, attachment_file_id)
      values (${row.topicId}, ${row.authorId}, ${row.body}, ${row.idempotencyKey}, ${row.channel ?? 'app'},
        ${row.attachmentFileId ?? null})
      on conflict (author_id, idempotency_key) do nothing returning id`,
  );
  if (!inserted) return null;
  const id = Number(inserted.id);
  await ex.execute(
    sql`update chat_topics set last_message_id = ${id}, last_message_at = now() where id = ${row.topicId}`,
  );
  return id;
}

/** Moves the member's read mark forward to `messageId` (never back); the mark now. */
export async function markRead(ex: Executor, topicId: number, userId: number, messageId: number) {
  const [row] = await queryRows<{ last_read_message_id: number | null }>(
    ex,
    sql`insert into chat_topic_members (topic_id, user_id, last_read_message_id, read_at)
      values (${topicId}, ${userId}, ${messageId}, now())
      on conflict (topic_id, user_id) do update set
        last_read_message_id = greatest(chat_topic_members.last_read_message_id, excluded.last_read_message_id),
        read_at = now()
      returning last_read_message_id`,
  );
  return row?.last_read_message_id ?? null;
}

export async function messageTopicId(ex: Executor, messageId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ topic_id: number }>(
    ex,
    sql`select topic_id from chat_messages where id = ${messageId}`,
  );
  return row?.topic_id;
}

/** The care-team topic of an episode, or undefined. */
export async function careTeamTopicId(ex: Executor, episodeId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    ex,
    sql`select id from chat_topics where kind = 'careTeam' and episode_id = ${episodeId}`,
  );
  return row?.id;
}

export async function episodeOrganization(ex: Executor, episodeId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ referral_source_id: number }>(
    ex,
    sql`select referral_source_id from episodes where id = ${episodeId}`,
  );
  return row?.referral_source_id;
}

/** True when the viewer would be a member of the episode's care-team topic. */
export async function isCareTeamMember(ex: Executor, v: Viewer, episodeId: number): Promise<boolean> {
  const rows = await queryRows<{ ok: boolean }>(
    ex,
    sql`select true as ok from episodes e where e.id = ${episodeId} and (
      ${v.orgId === null ? sql`false` : sql`e.referral_source_id = ${v.orgId}`}
      or e.care_coordinator_id = ${v.userId} or e.customer_care_coordinator_id = ${v.userId}
      ${ofVisits(v)})`,
  );
  return rows.length > 0;
}

/** Inserts a topic unless its unique key exists; the new id, or null. */
export async function insertTopic(
  ex: Executor,
  row: {
    kind: ChatTopicKind;
    episodeId: number | null;
    referralSourceId: number | null;
    directUserLow: number | null;
    directUserHigh: number | null;
    createdBy: number;
  },
): Promise<number | null> {
  const [inserted] = await queryRows<{ id: number }>(
    ex,
    sql`insert into chat_topics (kind, episode_id, referral_source_id, direct_user_low, direct_user_high, created_by)
      values (${row.kind}, ${row.episodeId}, ${row.referralSourceId}, ${row.directUserLow}, ${row.directUserHigh},
        ${row.createdBy})
      on conflict do nothing returning id`,
  );
  return inserted ? Number(inserted.id) : null;
}

export async function directTopicId(ex: Executor, low: number, high: number): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    ex,
    sql`select id from chat_topics where kind = 'direct' and direct_user_low = ${low} and direct_user_high = ${high}`,
  );
  return row?.id;
}

export async function insertMembers(ex: Executor, topicId: number, userIds: number[]): Promise<void> {
  for (const userId of userIds)
    await ex.execute(
      sql`insert into chat_topic_members (topic_id, user_id) values (${topicId}, ${userId}) on conflict do nothing`,
    );
}

export async function findUser(ex: Executor, userId: number) {
  const [row] = await queryRows<{
    id: number;
    role_id: number;
    referral_source_id: number | null;
    status: string;
  }>(ex, sql`select id, role_id, referral_source_id, status from users where id = ${userId}`);
  return row;
}

export interface FileRow {
  id: number;
  topic_id: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  uploaded_at: Date | string;
  uploaded_by: number;
  message_id: number | null;
}

export async function insertFile(
  ex: Executor,
  row: { topicId: number; fileName: string; contentType: string; content: Buffer; uploadedBy: number },
): Promise<number> {
  const [inserted] = await ex
    .insert(messageFiles)
    .values({ ...row, sizeBytes: row.content.length })
    .returning({ id: messageFiles.id });
  return inserted!.id;
}

/** A file of the topic (not deleted), with the message it was sent with, if any; locked when `lock`. */
export async function findFile(ex: Executor, topicId: number, fileId: number, lock = false) {
  const [row] = await queryRows<FileRow>(
    ex,
    sql`select f.id, f.topic_id, f.file_name, f.content_type, f.size_bytes, f.uploaded_at, f.uploaded_by,
        (select m.id from chat_messages m where m.attachment_file_id = f.id) as message_id
      from message_files f where f.id = ${fileId} and f.topic_id = ${topicId} and f.deleted_at is null
      ${lock ? sql`for update of f` : sql``}`,
  );
  return row;
}

/** The bytes of a file of the topic. */
export async function readFileContent(ex: Executor, topicId: number, fileId: number) {
  const [row] = await ex
    .select({
      fileName: messageFiles.fileName,
      contentType: messageFiles.contentType,
      content: messageFiles.content,
    })
    .from(messageFiles)
    .where(
      and(eq(messageFiles.id, fileId), eq(messageFiles.topicId, topicId), isNull(messageFiles.deletedAt)),
    );
  return row;
}
