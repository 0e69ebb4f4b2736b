// Tasks (issue 27, decision 060): list (SPEC §4: 1Pending; SPEC §9: due -30..+30 days, an organization's
// tasksDateRange for its users), get, create and update ('Task details saved.'), delete ('Task deleted.', soft),
// follow-up ('Follow-up task added.') and the caller's pendingTasksCount. Staff see every task, an organization
// user only its organization's (another's answers 404), a clinician only those assigned to them. A task is never
// assigned to a user of another organization than its own. Every write is one transaction with its audit entry and
// an `entityChanged` { entity: 'task' } to the assignees it concerns, so their header count refreshes.
import {
  DEFAULT_DATE_RANGES,
  TASK_MESSAGES,
  isOrganizationRole,
  type Task,
  type TaskFollowUp,
  type TaskInput,
  type TaskList,
  type TaskListQuery,
  type TaskUpdate,
} from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { badRequest, notFound, staleVersion } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import { recordAudit } from '../../../services/audit';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import * as repo from './repository';
import { listPeriod, ownOrganization, scopeOf } from './scope';

type Services = Pick<AppServices, 'db'>;

export const TASK_EVENT = 'task';
const ENTITY = 'Task';
const THING = 'Task';

const iso = (value: Date | string) => new Date(value).toISOString();

function toTask(r: repo.TaskRow): Task {
  const t = r.row;
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    assigneeId: t.assigneeId,
    assigneeName: r.assigneeName,
    dueDate: t.dueDate,
    priority: t.priority as Task['priority'],
    status: t.status as Task['status'],
    patientId: t.patientId,
    patientName: r.patientName,
    episodeId: t.episodeId,
    episodeTitle: r.episodeTitle,
    visitId: t.visitId,
    providerId: t.providerId,
    providerName: r.providerName,
    referralSourceId: t.referralSourceId,
    organizationName: r.organizationName,
    parentTaskId: t.parentTaskId,
    followUpCount: Number(r.followUpCount),
    createdBy: t.createdBy,
    creatorName: r.creatorName,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
    version: t.version,
  };
}

async function answerOf(ex: Executor, id: number): Promise<Task> {
  return toTask((await repo.findTask(ex, id))!);
}

/** GET /api/admin/tasks */
export async function listTasks(
  services: Services,
  ctx: RequestContext,
  q: TaskListQuery,
): Promise<TaskList> {
  const actor = requireActor(ctx);
  const period = await listPeriod(
    services.db,
    actor,
    q,
    (r) => (r.tasksDays ? [-r.tasksDays, r.tasksDays] : null),
    DEFAULT_DATE_RANGES.tasks,
  );
  const filter: repo.TaskFilter = {
    status: q.status,
    due: period,
    assigneeId: q.mine ? actor.userId : q.assigneeId,
    referralSourceId: q.referralSourceId,
    parentTaskId: q.parentTaskId,
  };
  const scope = scopeOf(actor);
  const [rows, total] = await Promise.all([
    repo.listTasks(services.db, scope, filter, q),
    repo.countTasks(services.db, scope, filter),
  ]);
  return { rows: rows.map(toTask), paging: pagingOf(q, total), period: { from: period.from, to: period.to } };
}

/** GET /api/admin/tasks/:id */
export async function getTask(services: Services, ctx: RequestContext, id: number): Promise<Task> {
  const row = await repo.findTask(services.db, id, scopeOf(requireActor(ctx)));
  if (!row) throw notFound(THING);
  return toTask(row);
}

/** GET /api/admin/tasks/pendingCount: the caller's own pending tasks, whatever their due day. */
export async function pendingTasksCount(services: Services, ctx: RequestContext) {
  return { pendingTasksCount: await repo.pendingCount(services.db, requireActor(ctx).userId) };
}

/** GET /api/admin/tasks/assignees: staff (and clinicians, for staff), and the organization's own users. */
export async function taskAssignees(services: Services, ctx: RequestContext, referralSourceId?: number) {
  const actor = requireActor(ctx);
  const own = ownOrganization(actor);
  const rows = await repo.assignees(services.db, own ?? referralSourceId ?? null, own === null);
  return { rows };
}

type Links = Pick<TaskInput, 'patientId' | 'episodeId' | 'visitId' | 'providerId' | 'referralSourceId'>;

/** The organization a task's links name; each link must exist, be the actor's to see, and agree with the others. */
async function organizationOfLinks(tx: Executor, actor: Actor, input: Links): Promise<number | null> {
  const own = ownOrganization(actor);
  const found: { field: string; org: number }[] = [];
  const unknown = (field: string) => badRequest(field, TASK_MESSAGES.linkUnknown);
  if (input.visitId) {
    const v = await repo.visitOrg(tx, input.visitId);
    if (!v || (own !== null && v.org !== own)) throw unknown('visitId');
    if (input.episodeId && v.episodeId !== input.episodeId)
      throw badRequest('visitId', 'is not a visit of this service request');
    found.push({ field: 'visitId', org: v.org });
  }
  if (input.episodeId) {
    const e = await repo.episodeOrg(tx, input.episodeId);
    if (!e || (own !== null && e.org !== own)) throw unknown('episodeId');
    found.push({ field: 'episodeId', org: e.org });
  }
  if (input.patientId) {
    const p = await repo.patientOrg(tx, input.patientId);
    if (!p || (own !== null && p.org !== own)) throw unknown('patientId');
    found.push({ field: 'patientId', org: p.org });
  }
  if (input.providerId && !(await repo.providerExists(tx, input.providerId))) throw unknown('providerId');
  if (input.referralSourceId) {
    if (own !== null && input.referralSourceId !== own)
      throw badRequest('referralSourceId', TASK_MESSAGES.notYourOrganization);
    if (!(await repo.organizationRanges(tx, input.referralSourceId))) throw unknown('referralSourceId');
    found.push({ field: 'referralSourceId', org: input.referralSourceId });
  }
  const first = found[0];
  const other = found.find((f) => f.org !== first?.org);
  if (other) throw badRequest(other.field, TASK_MESSAGES.linkOtherOrganization);
  return first?.org ?? own;
}

/** The task's organization once its assignee is known: an organization user is only given their own's tasks. */
async function organizationWithAssignee(tx: Executor, org: number | null, assigneeId: number) {
  const user = await repo.findUser(tx, assigneeId);
  if (!user || user.status !== 'ACTIVE') throw badRequest('assigneeId', TASK_MESSAGES.assigneeUnknown);
  if (!isOrganizationRole(user.roleId)) return org;
  if (org === null) return user.referralSourceId;
  if (user.referralSourceId !== org) throw badRequest('assigneeId', TASK_MESSAGES.assigneeOtherOrganization);
  return org;
}

const announce = (tx: Executor, id: number, action: 'created' | 'updated' | 'deleted', userIds: number[]) =>
  publishEvent(tx, { entity: TASK_EVENT, id, action }, { userIds: [...new Set(userIds)] });

/** The columns a task's input sets (its organization resolved). */
const columnsOf = (input: TaskInput, org: number | null) => ({
  title: input.title,
  description: input.description ? input.description : null,
  assigneeId: input.assigneeId,
  dueDate: input.dueDate,
  priority: input.priority,
  status: input.status,
  patientId: input.patientId ?? null,
  episodeId: input.episodeId ?? null,
  visitId: input.visitId ?? null,
  providerId: input.providerId ?? null,
  referralSourceId: org,
});

/** POST /api/admin/tasks */
export async function createTask(services: Services, ctx: RequestContext, input: TaskInput) {
  const actor = requireActor(ctx);
  const id = await services.db.transaction(async (tx) => {
    const org = await organizationWithAssignee(
      tx,
      await organizationOfLinks(tx, actor, input),
      input.assigneeId,
    );
    const row = { ...columnsOf(input, org), createdBy: actor.userId };
    const newId = await repo.insertTask(tx, row);
    await recordAudit(tx, ctx, { entity: ENTITY, entityId: newId, action: 'CREATE', after: row });
    await announce(tx, newId, 'created', [row.assigneeId]);
    return newId;
  });
  return { message: TASK_MESSAGES.saved, task: await answerOf(services.db, id) };
}

/** The task locked for a change, if the actor may see it and it is at the version they read. */
async function lockVisible(tx: Executor, actor: Actor, id: number, version?: number) {
  const before = await repo.lockTask(tx, id);
  const scope = scopeOf(actor);
  if (
    !before ||
    (scope.referralSourceId !== undefined && before.referralSourceId !== scope.referralSourceId) ||
    (scope.assigneeId !== undefined && before.assigneeId !== scope.assigneeId)
  )
    throw notFound(THING);
  if (version !== undefined && before.version !== version) throw staleVersion('task');
  return before;
}

/** PUT /api/admin/tasks/:id: the whole task, at the version read. */
export async function updateTask(services: Services, ctx: RequestContext, id: number, input: TaskUpdate) {
  const actor = requireActor(ctx);
  await services.db.transaction(async (tx) => {
    const before = await lockVisible(tx, actor, id, input.version);
    const org = await organizationWithAssignee(
      tx,
      await organizationOfLinks(tx, actor, input),
      input.assigneeId,
    );
    const set = columnsOf(input, org);
    await repo.updateTask(tx, id, set);
    await recordAudit(tx, ctx, {
      entity: ENTITY,
      entityId: id,
      action: 'UPDATE',
      before,
      after: { ...before, ...set, version: before.version + 1 },
    });
    await announce(tx, id, 'updated', [before.assigneeId, set.assigneeId]);
  });
  return { message: TASK_MESSAGES.saved, task: await answerOf(services.db, id) };
}

/** DELETE /api/admin/tasks/:id?version=: soft (its follow-ups and audit trail keep it). */
export async function deleteTask(services: Services, ctx: RequestContext, id: number, version: number) {
  const actor = requireActor(ctx);
  await services.db.transaction(async (tx) => {
    const before = await lockVisible(tx, actor, id, version);
    const set = { deletedAt: new Date(), deletedBy: actor.userId };
    await repo.updateTask(tx, id, set);
    await recordAudit(tx, ctx, { entity: ENTITY, entityId: id, action: 'DELETE', before });
    await announce(tx, id, 'deleted', [before.assigneeId]);
  });
  return { message: TASK_MESSAGES.deleted, id };
}

/** POST /api/admin/tasks/:id/followUps: a new pending task with the parent's links and organization. */
export async function addFollowUp(
  services: Services,
  ctx: RequestContext,
  parentId: number,
  input: TaskFollowUp,
) {
  const actor = requireActor(ctx);
  const id = await services.db.transaction(async (tx) => {
    const parent = await lockVisible(tx, actor, parentId);
    const org = await organizationWithAssignee(tx, parent.referralSourceId, input.assigneeId);
    const row = {
      title: input.title,
      description: input.description ? input.description : null,
      assigneeId: input.assigneeId,
      dueDate: input.dueDate,
      priority: input.priority,
      status: '1Pending',
      patientId: parent.patientId,
      episodeId: parent.episodeId,
      visitId: parent.visitId,
      providerId: parent.providerId,
      referralSourceId: org,
      parentTaskId: parent.id,
      createdBy: actor.userId,
    };
    const newId = await repo.insertTask(tx, row);
    await recordAudit(tx, ctx, { entity: ENTITY, entityId: newId, action: 'CREATE', after: row });
    await announce(tx, newId, 'created', [row.assigneeId]);
    return newId;
  });
  return { message: TASK_MESSAGES.followUpAdded, task: await answerOf(services.db, id) };
}
