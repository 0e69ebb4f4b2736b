// SQL of orientations: the orientations with their sections and quiz, assignments, and clinicians' progress.
import { and, asc, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { OrientationInput, OrientationListQuery } from '@carelane/shared-domain';
import {
  clinicianAssignments,
  orientationProgress,
  orientationQuestions,
  orientationQuizAttempts,
  orientationSections,
  orientations,
  providers,
  users,
} from '../../../db/schema';
import { queryRows, type Executor } from '../../../db/client';

/** The outer orientation's id inside a subquery (a bare column would name the subquery's own `id`). */
const ORIENTATION_ID = sql.raw('"orientations"."id"');

export type OrientationRow = typeof orientations.$inferSelect;
export type ProgressRow = typeof orientationProgress.$inferSelect;

function listFilter(q: OrientationListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (q.status !== 'ALL') conditions.push(eq(orientations.active, q.status === 'ACTIVE'));
  if (q.search) conditions.push(ilike(orientations.title, `%${q.search.replace(/[\\%_]/g, '\\$&')}%`));
  if (q.providerTypeId) conditions.push(sql`${q.providerTypeId} = any(${orientations.providerTypeIds})`);
  return conditions.length ? and(...conditions) : undefined;
}

/** A page of orientations by title, with their section, question and passed-by counts. */
export async function listOrientations(ex: Executor, q: OrientationListQuery) {
  const where = listFilter(q);
  const rows = await ex
    .select({
      id: orientations.id,
      title: orientations.title,
      providerTypeIds: orientations.providerTypeIds,
      required: orientations.required,
      passMark: orientations.passMark,
      active: orientations.active,
      updatedAt: orientations.updatedAt,
      sectionCount: sql<number>`(select count(*)::int from ${orientationSections} s
        where s.orientation_id = ${ORIENTATION_ID})`,
      questionCount: sql<number>`(select count(*)::int from ${orientationQuestions} q
        where q.orientation_id = ${ORIENTATION_ID})`,
      passedCount: sql<number>`(select count(*)::int from ${orientationProgress} p
        where p.orientation_id = ${ORIENTATION_ID} and p.passed_at is not null)`,
    })
    .from(orientations)
    .where(where)
    .orderBy(asc(orientations.title), asc(orientations.id))
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize);
  const [count] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(orientations)
    .where(where);
  return { rows, totalCount: count?.n ?? 0 };
}

export async function findOrientation(
  ex: Executor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<OrientationRow | undefined> {
  const query = ex.select().from(orientations).where(eq(orientations.id, id));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

export async function listSections(ex: Executor, orientationId: number) {
  return ex
    .select({
      id: orientationSections.id,
      index: orientationSections.index,
      title: orientationSections.title,
      text: orientationSections.text,
      videoUrl: orientationSections.videoUrl,
    })
    .from(orientationSections)
    .where(eq(orientationSections.orientationId, orientationId))
    .orderBy(asc(orientationSections.index));
}

export async function listQuestions(ex: Executor, orientationId: number) {
  return ex
    .select({
      id: orientationQuestions.id,
      index: orientationQuestions.index,
      question: orientationQuestions.question,
      options: orientationQuestions.options,
      correctOption: orientationQuestions.correctOption,
    })
    .from(orientationQuestions)
    .where(eq(orientationQuestions.orientationId, orientationId))
    .orderBy(asc(orientationQuestions.index));
}

const orientationValues = (input: OrientationInput) => ({
  title: input.title,
  description: input.description,
  providerTypeIds: [...new Set(input.providerTypeIds)].sort((a, b) => a - b),
  required: input.required,
  passMark: input.passMark,
  active: input.active,
});

export async function insertOrientation(ex: Executor, input: OrientationInput): Promise<number> {
  const [row] = await ex
    .insert(orientations)
    .values(orientationValues(input))
    .returning({ id: orientations.id });
  return row!.id;
}

/** Updates the orientation read at `version`; false when someone changed it meanwhile. */
export async function updateOrientation(
  ex: Executor,
  id: number,
  input: OrientationInput,
  version: number,
): Promise<boolean> {
  const rows = await ex
    .update(orientations)
    .set({ ...orientationValues(input), updatedAt: sql`now()`, version: version + 1 })
    .where(and(eq(orientations.id, id), eq(orientations.version, version)))
    .returning({ id: orientations.id });
  return rows.length > 0;
}

type Part = { id?: number; index: number };

/**
 * Makes the orientation's sections (or questions) the given ones: those with an id of this orientation are
 * kept and changed (so what clinicians viewed stays viewed), the others inserted, the rest deleted. Indexes move
 * out of the way first, so a reordering never meets the unique (orientation, index).
 */
async function replaceParts<T extends Part>(
  ex: Executor,
  table: typeof orientationSections | typeof orientationQuestions,
  orientationId: number,
  parts: readonly T[],
  values: (part: T) => Record<string, unknown>,
): Promise<void> {
  const existing = await ex
    .select({ id: table.id })
    .from(table)
    .where(eq(table.orientationId, orientationId));
  const known = new Set(existing.map((row) => row.id));
  const kept = parts.filter((p) => p.id !== undefined && known.has(p.id)).map((p) => p.id!);
  await ex
    .delete(table)
    .where(
      kept.length
        ? and(eq(table.orientationId, orientationId), notInArray(table.id, kept))
        : eq(table.orientationId, orientationId),
    );
  if (kept.length)
    await ex
      .update(table)
      .set({ index: sql`${table.index} + 100000` })
      .where(eq(table.orientationId, orientationId));
  for (const part of parts) {
    if (part.id !== undefined && known.has(part.id))
      await ex
        .update(table)
        .set({ index: part.index, ...values(part) })
        .where(eq(table.id, part.id));
    else await ex.insert(table).values({ orientationId, index: part.index, ...values(part) } as never);
  }
}

export async function replaceSections(ex: Executor, orientationId: number, input: OrientationInput) {
  await replaceParts(ex, orientationSections, orientationId, input.sections, (s) => ({
    title: s.title,
    text: s.text,
    videoUrl: s.videoUrl,
  }));
}

export async function replaceQuestions(ex: Executor, orientationId: number, input: OrientationInput) {
  await replaceParts(ex, orientationQuestions, orientationId, input.questions, (q) => ({
    question: q.question,
    options: q.options,
    correctOption: q.correctOption,
  }));
}

/**
 * The orientations of a clinician: every active one required of their provider type, and every active one
 * assigned to them, with their progress in each, required ones first, then by title.
 */
export async function clinicianOrientations(ex: Executor, providerId: number, providerTypeId: number) {
  return ex
    .select({
      orientationId: orientations.id,
      title: orientations.title,
      description: orientations.description,
      required: sql<boolean>`(${orientations.required} and ${providerTypeId} = any(${orientations.providerTypeIds}))`,
      assigned: sql<boolean>`exists (select 1 from ${clinicianAssignments} a
        where a.provider_id = ${providerId} and a.orientation_id = ${ORIENTATION_ID})`,
      dueOn: sql<string | null>`(select min(a.due_on)::text from ${clinicianAssignments} a
        where a.provider_id = ${providerId} and a.orientation_id = ${ORIENTATION_ID})`,
      passMark: orientations.passMark,
      sectionCount: sql<number>`(select count(*)::int from ${orientationSections} s
        where s.orientation_id = ${ORIENTATION_ID})`,
      sectionsViewed: sql<number>`(select count(*)::int from ${orientationSections} s
        where s.orientation_id = ${ORIENTATION_ID} and s.id = any("orientation_progress"."sections_viewed"))`,
      attempts: sql<number>`coalesce(${orientationProgress.attempts}, 0)`,
      lastScore: orientationProgress.lastScore,
      passedAt: orientationProgress.passedAt,
    })
    .from(orientations)
    .leftJoin(
      orientationProgress,
      and(
        eq(orientationProgress.orientationId, orientations.id),
        eq(orientationProgress.providerId, providerId),
      ),
    )
    .where(
      and(
        eq(orientations.active, true),
        sql`((${orientations.required} and ${providerTypeId} = any(${orientations.providerTypeIds}))
          or exists (select 1 from ${clinicianAssignments} a
            where a.provider_id = ${providerId} and a.orientation_id = ${ORIENTATION_ID}))`,
      ),
    )
    .orderBy(sql`${orientations.required} desc`, asc(orientations.title), asc(orientations.id));
}

/** Whether every active orientation required of the clinician's type or assigned to them is passed. */
export async function allRequiredPassed(ex: Executor, providerId: number): Promise<boolean> {
  const [row] = await queryRows<{ missing: number }>(
    ex,
    sql`
    select count(*)::int as missing
    from ${orientations} o
    join ${providers} p on p.id = ${providerId}
    where o.active
      and ((o.required and p.provider_type_id = any(o.provider_type_ids))
        or exists (select 1 from ${clinicianAssignments} a where a.provider_id = p.id and a.orientation_id = o.id))
      and not exists (select 1 from ${orientationProgress} g
        where g.provider_id = p.id and g.orientation_id = o.id and g.passed_at is not null)`,
  );
  return Number(row?.missing ?? 0) === 0;
}

/** Whether the orientation is the clinician's: required of their type or assigned to them. */
export async function isTheirs(
  ex: Executor,
  orientation: OrientationRow,
  providerId: number,
  providerTypeId: number,
): Promise<boolean> {
  if (orientation.required && orientation.providerTypeIds.includes(providerTypeId)) return true;
  const [row] = await ex
    .select({ id: clinicianAssignments.id })
    .from(clinicianAssignments)
    .where(
      and(
        eq(clinicianAssignments.providerId, providerId),
        eq(clinicianAssignments.orientationId, orientation.id),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findProgress(
  ex: Executor,
  providerId: number,
  orientationId: number,
  options: { lock?: boolean } = {},
): Promise<ProgressRow | undefined> {
  const query = ex
    .select()
    .from(orientationProgress)
    .where(
      and(
        eq(orientationProgress.providerId, providerId),
        eq(orientationProgress.orientationId, orientationId),
      ),
    );
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** The clinician's progress row, made when they first open a section; locked for this transaction. */
export async function lockProgress(
  ex: Executor,
  providerId: number,
  orientationId: number,
): Promise<ProgressRow> {
  await ex.insert(orientationProgress).values({ providerId, orientationId }).onConflictDoNothing();
  return (await findProgress(ex, providerId, orientationId, { lock: true }))!;
}

export async function saveProgress(
  ex: Executor,
  row: ProgressRow,
  change: Partial<Pick<ProgressRow, 'sectionsViewed' | 'attempts' | 'lastScore' | 'passedAt'>>,
): Promise<void> {
  await ex
    .update(orientationProgress)
    .set({ ...change, updatedAt: sql`now()`, version: row.version + 1 })
    .where(
      and(
        eq(orientationProgress.providerId, row.providerId),
        eq(orientationProgress.orientationId, row.orientationId),
      ),
    );
}

export async function insertAttempt(ex: Executor, values: typeof orientationQuizAttempts.$inferInsert) {
  await ex.insert(orientationQuizAttempts).values(values);
}

export async function insertAssignment(
  ex: Executor,
  values: Omit<typeof clinicianAssignments.$inferInsert, 'id'>,
): Promise<number> {
  const [row] = await ex
    .insert(clinicianAssignments)
    .values(values)
    .returning({ id: clinicianAssignments.id });
  return row!.id;
}

const assignmentColumns = {
  id: clinicianAssignments.id,
  providerId: clinicianAssignments.providerId,
  kind: clinicianAssignments.kind,
  orientationId: clinicianAssignments.orientationId,
  orientationTitle: orientations.title,
  note: clinicianAssignments.note,
  dueOn: clinicianAssignments.dueOn,
  assignedByName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  assignedAt: clinicianAssignments.assignedAt,
};

function selectAssignments(ex: Executor) {
  return ex
    .select(assignmentColumns)
    .from(clinicianAssignments)
    .innerJoin(users, eq(users.id, clinicianAssignments.assignedBy))
    .leftJoin(orientations, eq(orientations.id, clinicianAssignments.orientationId));
}

export async function findAssignment(ex: Executor, id: number) {
  const [row] = await selectAssignments(ex).where(eq(clinicianAssignments.id, id));
  return row!;
}

/** The clinician's performance evaluations, newest first. */
export async function listEvaluations(ex: Executor, providerId: number) {
  return selectAssignments(ex)
    .where(
      and(
        eq(clinicianAssignments.providerId, providerId),
        inArray(clinicianAssignments.kind, ['PerformanceEvaluation']),
      ),
    )
    .orderBy(sql`${clinicianAssignments.assignedAt} desc`, sql`${clinicianAssignments.id} desc`);
}

/** The clinician record of a signed-in user, if they have one. */
export async function providerIdOfUser(ex: Executor, userId: number): Promise<number | undefined> {
  const [row] = await ex
    .select({ id: providers.id })
    .from(providers)
    .where(eq(providers.userId, userId))
    .orderBy(asc(providers.id))
    .limit(1);
  return row?.id;
}
