// Tasks and incident reports in the database (decision 060): the lists' rows with the names they show, each scoped
// to what the reader may see, the links a task or report names, the caller's pending count.
import { and, asc, desc, eq, gte, isNull, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import {
  episodes,
  incidentReports,
  patients,
  providers,
  referralSources,
  tasks,
  users,
  visits,
} from '../../../db/schema';

/** What a reader may see: everything (staff), one organization's, or only what is assigned to one user. */
export type Scope = { referralSourceId?: number; assigneeId?: number; providerUserId?: number };

const assignee = alias(users, 'assignee');
const creator = alias(users, 'creator');
const reporter = alias(users, 'reporter');
const closer = alias(users, 'closer');

const fullName = (u: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string>`${u.firstName} || ' ' || ${u.lastName}`;

function selectTasks(ex: Executor) {
  return ex
    .select({
      row: tasks,
      assigneeName: fullName(assignee),
      creatorName: fullName(creator),
      patientName: sql<string | null>`${patients.lastName} || ', ' || ${patients.firstName}`,
      episodeTitle: episodes.title,
      providerName: sql<string | null>`${providers.givenName} || ' ' || ${providers.familyName}`,
      organizationName: referralSources.name,
      followUpCount: sql<number>`(select count(*)::int from tasks f
        where f.parent_task_id = ${tasks.id} and f.deleted_at is null)`,
    })
    .from(tasks)
    .innerJoin(assignee, eq(assignee.id, tasks.assigneeId))
    .innerJoin(creator, eq(creator.id, tasks.createdBy))
    .leftJoin(patients, eq(patients.id, tasks.patientId))
    .leftJoin(episodes, eq(episodes.id, tasks.episodeId))
    .leftJoin(providers, eq(providers.id, tasks.providerId))
    .leftJoin(referralSources, eq(referralSources.id, tasks.referralSourceId));
}
export type TaskRow = NonNullable<Awaited<ReturnType<typeof findTask>>>;

export type TaskFilter = {
  status: string;
  due: { from: string; to: string };
  assigneeId?: number;
  referralSourceId?: number;
  parentTaskId?: number;
};

const taskScope = (s: Scope): SQL | undefined =>
  and(
    isNull(tasks.deletedAt),
    s.referralSourceId !== undefined ? eq(tasks.referralSourceId, s.referralSourceId) : undefined,
    s.assigneeId !== undefined ? eq(tasks.assigneeId, s.assigneeId) : undefined,
  );

const taskWhere = (s: Scope, f: TaskFilter): SQL | undefined =>
  and(
    taskScope(s),
    f.status !== 'All' ? eq(tasks.status, f.status) : undefined,
    // A task's follow-ups are listed whatever their due day.
    f.parentTaskId === undefined ? gte(tasks.dueDate, f.due.from) : undefined,
    f.parentTaskId === undefined ? lte(tasks.dueDate, f.due.to) : undefined,
    f.assigneeId !== undefined ? eq(tasks.assigneeId, f.assigneeId) : undefined,
    f.referralSourceId !== undefined ? eq(tasks.referralSourceId, f.referralSourceId) : undefined,
    f.parentTaskId !== undefined ? eq(tasks.parentTaskId, f.parentTaskId) : undefined,
  );

const PRIORITY_RANK = sql`case ${tasks.priority} when 'High' then 0 when 'Normal' then 1 else 2 end`;

function taskOrder(sort: string): SQL[] {
  const by = sort.startsWith('-') ? desc : asc;
  const key = sort.replace('-', '');
  if (key === 'priority') return [by(PRIORITY_RANK), asc(tasks.dueDate), asc(tasks.id)];
  if (key === 'createdAt') return [by(tasks.createdAt), by(tasks.id)];
  return [by(tasks.dueDate), asc(PRIORITY_RANK), by(tasks.id)];
}

export function listTasks(
  ex: Executor,
  s: Scope,
  f: TaskFilter,
  page: { pageNumber: number; pageSize: number; sort: string },
) {
  return selectTasks(ex)
    .where(taskWhere(s, f))
    .orderBy(...taskOrder(page.sort))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
}

export async function countTasks(ex: Executor, s: Scope, f: TaskFilter) {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(taskWhere(s, f));
  return Number(row?.n ?? 0);
}

/** One task the reader may see (not deleted), or undefined. */
export async function findTask(ex: Executor, id: number, s: Scope = {}) {
  const [row] = await selectTasks(ex).where(and(eq(tasks.id, id), taskScope(s)));
  return row;
}

export async function lockTask(tx: Executor, id: number) {
  const [row] = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), isNull(tasks.deletedAt)))
    .for('update');
  return row;
}

export async function insertTask(tx: Executor, row: typeof tasks.$inferInsert) {
  const [saved] = await tx.insert(tasks).values(row).returning({ id: tasks.id });
  return saved!.id;
}

export async function updateTask(tx: Executor, id: number, set: Partial<typeof tasks.$inferInsert>) {
  await tx
    .update(tasks)
    .set({ ...set, updatedAt: new Date(), version: sql`${tasks.version} + 1` })
    .where(eq(tasks.id, id));
}

/** The caller's own pending tasks (any due day). */
export async function pendingCount(ex: Executor, userId: number) {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(and(eq(tasks.assigneeId, userId), eq(tasks.status, '1Pending'), isNull(tasks.deletedAt)));
  return Number(row?.n ?? 0);
}

export async function findUser(ex: Executor, id: number) {
  const [row] = await ex
    .select({
      id: users.id,
      roleId: users.roleId,
      referralSourceId: users.referralSourceId,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** The organization of each link a task or report may name (undefined: no such row). */
export async function patientOrg(ex: Executor, id: number) {
  const [row] = await ex.select({ org: patients.referralSourceId }).from(patients).where(eq(patients.id, id));
  return row;
}
export async function episodeOrg(ex: Executor, id: number) {
  const [row] = await ex
    .select({ org: episodes.referralSourceId, patientId: episodes.patientId })
    .from(episodes)
    .where(eq(episodes.id, id));
  return row;
}
export async function visitOrg(ex: Executor, id: number) {
  const [row] = await ex
    .select({ org: visits.referralSourceId, episodeId: visits.episodeId, providerUserId: providers.userId })
    .from(visits)
    .leftJoin(providers, eq(providers.id, visits.providerId))
    .where(eq(visits.id, id));
  return row;
}
export async function providerExists(ex: Executor, id: number) {
  const [row] = await ex.select({ id: providers.id }).from(providers).where(eq(providers.id, id));
  return row !== undefined;
}

// Incident reports.

function selectIncidents(ex: Executor) {
  return ex
    .select({
      row: incidentReports,
      providerName: sql<string | null>`${providers.givenName} || ' ' || ${providers.familyName}`,
      organizationName: referralSources.name,
      reporterName: fullName(reporter),
      closerName: sql<string | null>`${closer.firstName} || ' ' || ${closer.lastName}`,
    })
    .from(incidentReports)
    .innerJoin(reporter, eq(reporter.id, incidentReports.reportedBy))
    .leftJoin(closer, eq(closer.id, incidentReports.closedBy))
    .leftJoin(providers, eq(providers.id, incidentReports.providerId))
    .leftJoin(referralSources, eq(referralSources.id, incidentReports.referralSourceId));
}
export type IncidentRow = NonNullable<Awaited<ReturnType<typeof findIncident>>>;

export type IncidentFilter = {
  status: 'Open' | 'Closed' | 'All';
  severity?: string;
  occurred: { start: Date; end: Date };
  referralSourceId?: number;
  providerId?: number;
};

const incidentScope = (s: Scope): SQL | undefined =>
  and(
    s.referralSourceId !== undefined ? eq(incidentReports.referralSourceId, s.referralSourceId) : undefined,
    s.providerUserId !== undefined
      ? sql`${incidentReports.providerId} in (select id from providers where user_id = ${s.providerUserId})`
      : undefined,
  );

const incidentWhere = (s: Scope, f: IncidentFilter) =>
  and(
    incidentScope(s),
    f.status === 'Open' ? isNull(incidentReports.closedAt) : undefined,
    f.status === 'Closed' ? sql`${incidentReports.closedAt} is not null` : undefined,
    f.severity !== undefined ? eq(incidentReports.severity, f.severity) : undefined,
    gte(incidentReports.occurredAt, f.occurred.start),
    lt(incidentReports.occurredAt, f.occurred.end),
    f.referralSourceId !== undefined ? eq(incidentReports.referralSourceId, f.referralSourceId) : undefined,
    f.providerId !== undefined ? eq(incidentReports.providerId, f.providerId) : undefined,
  );

export function listIncidents(
  ex: Executor,
  s: Scope,
  f: IncidentFilter,
  page: { pageNumber: number; pageSize: number },
) {
  return selectIncidents(ex)
    .where(incidentWhere(s, f))
    .orderBy(desc(incidentReports.occurredAt), desc(incidentReports.id))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
}

export async function countIncidents(ex: Executor, s: Scope, f: IncidentFilter) {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(incidentReports)
    .where(incidentWhere(s, f));
  return Number(row?.n ?? 0);
}

export async function findIncident(ex: Executor, id: number, s: Scope = {}) {
  const [row] = await selectIncidents(ex).where(and(eq(incidentReports.id, id), incidentScope(s)));
  return row;
}

export async function lockIncident(tx: Executor, id: number) {
  const [row] = await tx.select().from(incidentReports).where(eq(incidentReports.id, id)).for('update');
  return row;
}

export async function insertIncident(tx: Executor, row: typeof incidentReports.$inferInsert) {
  const [saved] = await tx.insert(incidentReports).values(row).returning({ id: incidentReports.id });
  return saved!.id;
}

export async function updateIncident(
  tx: Executor,
  id: number,
  set: Partial<typeof incidentReports.$inferInsert>,
) {
  await tx
    .update(incidentReports)
    .set({ ...set, updatedAt: new Date(), version: sql`${incidentReports.version} + 1` })
    .where(eq(incidentReports.id, id));
}

/** An organization's own default ranges (days), or undefined when there is no such organization. */
export async function organizationRanges(ex: Executor, id: number) {
  const [row] = await ex
    .select({ tasksDays: referralSources.tasksDateRange, incidentsDays: referralSources.incidentsDateRange })
    .from(referralSources)
    .where(eq(referralSources.id, id));
  return row;
}

/** Active users a task may go to: every staff user (no organization, not a clinician) and one organization's. */
export async function assignees(ex: Executor, referralSourceId: number | null, clinicians: boolean) {
  return ex
    .select({ id: users.id, name: fullName(users), roleId: users.roleId })
    .from(users)
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        sql`(${users.referralSourceId} is null ${clinicians ? sql`` : sql`and ${users.roleId} <> 4`}
          ${referralSourceId !== null ? sql`or ${users.referralSourceId} = ${referralSourceId}` : sql``})`,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(1000);
}
