// Orientations (decision 023): the orientations with their sections and quiz (staff read, administrators and
// clinician managers write), assignments of orientations and performance evaluations to clinicians (staff), and
// the clinician walking their orientations: sections viewed, the quiz scored here, never in the browser.
// Each write is one transaction with its audit record and event.
import {
  canEditOrientations,
  ORIENTATION_MESSAGES,
  scoreQuiz,
  type AssignmentInput,
  type ClinicianOrientation,
  type ClinicianOrientationList,
  type ClinicianOrientationRow,
  type Orientation,
  type OrientationInput,
  type OrientationList,
  type OrientationListQuery,
  type OrientationProgressStatus,
  type QuizResult,
  type QuizSubmission,
} from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound, staleVersion } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { loadClinician, type ClinicianRecord } from '../access';
import * as repo from './repository';

const ORIENTATION = 'orientation';
const ORIENTATION_THING = 'Orientation';
const PROGRESS = 'orientationProgress';
const ASSIGNMENT = 'clinicianAssignment';

const asIso = (value: Date | string | null): string | null =>
  value instanceof Date ? value.toISOString() : value === null ? null : new Date(value).toISOString();

function requireEditor(actor: Actor): void {
  if (!canEditOrientations(actor.roleId)) throw forbidden();
}

/**
 * Every active orientation required of the clinician's provider type, or assigned to them, is passed: what
 * onboarding asks before its Done step.
 */
export async function requiredOrientationsComplete(ex: Executor, providerId: number): Promise<boolean> {
  return repo.allRequiredPassed(ex, providerId);
}

export async function listOrientations(
  services: AppServices,
  query: OrientationListQuery,
): Promise<OrientationList> {
  const { rows, totalCount } = await repo.listOrientations(services.db, query);
  return {
    rows: rows.map((r) => ({ ...r, updatedAt: asIso(r.updatedAt)! })),
    paging: pagingOf(query, totalCount),
  };
}

async function orientationView(ex: Executor, id: number): Promise<Orientation> {
  const row = await repo.findOrientation(ex, id);
  if (!row) throw notFound(ORIENTATION_THING);
  const [sections, questions] = [await repo.listSections(ex, id), await repo.listQuestions(ex, id)];
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    providerTypeIds: row.providerTypeIds,
    required: row.required,
    passMark: row.passMark,
    active: row.active,
    sections,
    questions,
    updatedAt: asIso(row.updatedAt)!,
    version: row.version,
  };
}

export const getOrientation = (services: AppServices, id: number) => orientationView(services.db, id);

async function saveOrientation(
  services: AppServices,
  ctx: RequestContext,
  input: OrientationInput,
  existing?: { id: number; version: number },
): Promise<Orientation> {
  requireEditor(requireActor(ctx));
  return services.db.transaction(async (tx) => {
    let id = existing?.id;
    let before: Orientation | null = null;
    if (existing) {
      before = await orientationView(tx, existing.id);
      if (!(await repo.updateOrientation(tx, existing.id, input, existing.version)))
        throw staleVersion(ORIENTATION);
    } else id = await repo.insertOrientation(tx, input);
    await repo.replaceSections(tx, id!, input);
    await repo.replaceQuestions(tx, id!, input);
    const after = await orientationView(tx, id!);
    await recordAudit(tx, ctx, {
      entity: ORIENTATION,
      entityId: id!,
      action: existing ? 'UPDATE' : 'CREATE',
      before,
      after,
    });
    await publishEvent(tx, { entity: ORIENTATION, id: id!, action: existing ? 'updated' : 'created' });
    return after;
  });
}

export const createOrientation = (services: AppServices, ctx: RequestContext, input: OrientationInput) =>
  saveOrientation(services, ctx, input);

export const updateOrientation = (
  services: AppServices,
  ctx: RequestContext,
  id: number,
  input: OrientationInput & { version: number },
) => saveOrientation(services, ctx, input, { id, version: input.version });

/** Assigns an orientation or a performance evaluation to a clinician (staff). */
export async function assign(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  input: AssignmentInput,
) {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const clinician = await loadClinician(tx, actor, providerId);
    if (input.orientationId !== null) {
      const orientation = await repo.findOrientation(tx, input.orientationId);
      if (!orientation?.active) throw badRequest('orientationId', ORIENTATION_MESSAGES.unknownOrientation);
    }
    const id = await repo.insertAssignment(tx, {
      providerId: clinician.id,
      kind: input.kind,
      orientationId: input.orientationId,
      note: input.note || null,
      dueOn: input.dueOn,
      assignedBy: actor.userId,
    });
    await recordAudit(tx, ctx, {
      entity: ASSIGNMENT,
      entityId: id,
      action: 'CREATE',
      before: null,
      after: input,
    });
    await publishEvent(tx, { entity: ASSIGNMENT, id, action: 'created' });
    const row = await repo.findAssignment(tx, id);
    return { ...row, kind: row.kind as AssignmentInput['kind'], assignedAt: asIso(row.assignedAt)! };
  });
}

function statusOf(p: {
  passedAt: unknown;
  sectionsViewed: number;
  attempts: number;
}): OrientationProgressStatus {
  if (p.passedAt) return 'Passed';
  return p.sectionsViewed > 0 || p.attempts > 0 ? 'InProgress' : 'NotStarted';
}

async function orientationList(ex: Executor, clinician: ClinicianRecord): Promise<ClinicianOrientationList> {
  const [rows, evaluations, complete] = [
    await repo.clinicianOrientations(ex, clinician.id, clinician.providerTypeId),
    await repo.listEvaluations(ex, clinician.id),
    await requiredOrientationsComplete(ex, clinician.id),
  ];
  return {
    providerId: clinician.id,
    providerName: `${clinician.givenName} ${clinician.familyName}`,
    rows: rows.map((r): ClinicianOrientationRow => ({
      ...r,
      required: Boolean(r.required),
      assigned: Boolean(r.assigned),
      passedAt: asIso(r.passedAt),
      status: statusOf(r),
    })),
    evaluations: evaluations.map((e) => ({
      ...e,
      kind: e.kind as AssignmentInput['kind'],
      assignedAt: asIso(e.assignedAt)!,
    })),
    complete,
  };
}

/** A clinician's orientations and performance evaluations (the clinician themself, or staff). */
export async function clinicianOrientationList(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
): Promise<ClinicianOrientationList> {
  const clinician = await loadClinician(services.db, requireActor(ctx), providerId);
  return orientationList(services.db, clinician);
}

/** The signed-in clinician's own orientations. */
export async function myOrientations(services: AppServices, ctx: RequestContext) {
  const actor = requireActor(ctx);
  const providerId = await repo.providerIdOfUser(services.db, actor.userId);
  if (providerId === undefined) throw new AppError(404, 'NOT_FOUND', ORIENTATION_MESSAGES.noClinicianRecord);
  return orientationList(services.db, await loadClinician(services.db, actor, providerId));
}

/** The orientation as the clinician takes it; it must be theirs (required of their type, or assigned). */
async function theirOrientation(ex: Executor, clinician: ClinicianRecord, orientationId: number) {
  const orientation = await repo.findOrientation(ex, orientationId);
  if (!orientation || !orientation.active) throw notFound(ORIENTATION_THING);
  if (!(await repo.isTheirs(ex, orientation, clinician.id, clinician.providerTypeId)))
    throw forbidden(ORIENTATION_MESSAGES.notForThem);
  return orientation;
}

async function takeView(
  ex: Executor,
  clinician: ClinicianRecord,
  orientation: repo.OrientationRow,
  progress: Pick<repo.ProgressRow, 'sectionsViewed' | 'attempts' | 'lastScore' | 'passedAt'> | undefined,
): Promise<ClinicianOrientation> {
  const sections = await repo.listSections(ex, orientation.id);
  const questions = await repo.listQuestions(ex, orientation.id);
  const viewed = new Set(progress?.sectionsViewed ?? []);
  const attempts = progress?.attempts ?? 0;
  const passedAt = asIso(progress?.passedAt ?? null);
  return {
    providerId: clinician.id,
    orientationId: orientation.id,
    title: orientation.title,
    description: orientation.description,
    passMark: orientation.passMark,
    sections: sections.map((s) => ({ ...s, viewed: viewed.has(s.id) })),
    // The right answers stay here.
    questions: questions.map(({ id, index, question, options }) => ({ id, index, question, options })),
    attempts,
    lastScore: progress?.lastScore ?? null,
    passedAt,
    status: statusOf({
      passedAt,
      attempts,
      sectionsViewed: sections.filter((s) => viewed.has(s.id)).length,
    }),
  };
}

export async function clinicianOrientation(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  orientationId: number,
): Promise<ClinicianOrientation> {
  const clinician = await loadClinician(services.db, requireActor(ctx), providerId);
  const orientation = await theirOrientation(services.db, clinician, orientationId);
  const progress = await repo.findProgress(services.db, clinician.id, orientation.id);
  return takeView(services.db, clinician, orientation, progress);
}

/** Only the clinician walks their orientation: staff may look, not take it for them. */
async function loadSelf(ex: Executor, actor: Actor, providerId: number): Promise<ClinicianRecord> {
  const clinician = await loadClinician(ex, actor, providerId);
  if (clinician.userId !== actor.userId) throw forbidden();
  return clinician;
}

export async function markSectionViewed(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  orientationId: number,
  sectionId: number,
): Promise<ClinicianOrientation> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const clinician = await loadSelf(tx, actor, providerId);
    const orientation = await theirOrientation(tx, clinician, orientationId);
    const sections = await repo.listSections(tx, orientation.id);
    if (!sections.some((s) => s.id === sectionId))
      throw badRequest('sectionId', ORIENTATION_MESSAGES.unknownSection);
    const progress = await repo.lockProgress(tx, clinician.id, orientation.id);
    if (!progress.sectionsViewed.includes(sectionId)) {
      const sectionsViewed = [...progress.sectionsViewed, sectionId];
      await repo.saveProgress(tx, progress, { sectionsViewed });
      await recordAudit(tx, ctx, {
        entity: PROGRESS,
        entityId: `${clinician.id}:${orientation.id}`,
        action: 'UPDATE',
        before: { sectionsViewed: progress.sectionsViewed },
        after: { sectionsViewed },
      });
      await publishEvent(tx, { entity: PROGRESS, id: clinician.id, action: 'updated' });
      progress.sectionsViewed = sectionsViewed;
    }
    return takeView(tx, clinician, orientation, progress);
  });
}

/** Scores the quiz on the server; passed when the score reaches the pass mark. Every attempt is kept. */
export async function submitQuiz(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  orientationId: number,
  submission: QuizSubmission,
): Promise<QuizResult> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const clinician = await loadSelf(tx, actor, providerId);
    const orientation = await theirOrientation(tx, clinician, orientationId);
    const [sections, questions] = [
      await repo.listSections(tx, orientation.id),
      await repo.listQuestions(tx, orientation.id),
    ];
    const answers = new Map(submission.answers.map((a) => [a.questionId, a.option]));
    if (
      answers.size !== submission.answers.length ||
      answers.size !== questions.length ||
      questions.some((q) => !answers.has(q.id))
    )
      throw badRequest('answers', ORIENTATION_MESSAGES.answerEveryQuestion);
    const progress = await repo.lockProgress(tx, clinician.id, orientation.id);
    if (sections.some((s) => !progress.sectionsViewed.includes(s.id)))
      throw conflict(ORIENTATION_MESSAGES.sectionsFirst, 'SECTIONS_NOT_VIEWED');
    const given = questions.map((q) => answers.get(q.id)!);
    const result = scoreQuiz(
      questions.map((q) => q.correctOption),
      given,
      orientation.passMark,
    );
    const passedAt = progress.passedAt ?? (result.passed ? new Date() : null);
    const attempts = progress.attempts + 1;
    await repo.insertAttempt(tx, {
      providerId: clinician.id,
      orientationId: orientation.id,
      orientationVersion: orientation.version,
      answers: given,
      score: result.score,
      passed: result.passed,
    });
    await repo.saveProgress(tx, progress, { attempts, lastScore: result.score, passedAt });
    await recordAudit(tx, ctx, {
      entity: PROGRESS,
      entityId: `${clinician.id}:${orientation.id}`,
      action: 'UPDATE',
      before: {
        attempts: progress.attempts,
        lastScore: progress.lastScore,
        passedAt: asIso(progress.passedAt),
      },
      after: { attempts, lastScore: result.score, passedAt: asIso(passedAt), passed: result.passed },
    });
    await publishEvent(tx, { entity: PROGRESS, id: clinician.id, action: 'updated' });
    return {
      score: result.score,
      correct: result.correct,
      total: result.total,
      passMark: orientation.passMark,
      passed: result.passed,
      attempts,
      passedAt: asIso(passedAt),
    };
  });
}
