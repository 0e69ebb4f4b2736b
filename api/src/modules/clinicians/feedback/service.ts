// Feedback on a clinician's visit (issue 11, decision 025; ARCHITECTURE §9 public token pages). Checking a
// visit out opens a random link, stored only as its SHA-256, that expires in FEEDBACK_TOKEN_DAYS and works
// once; it is emailed (outbox) to the patient's contact or the shift's facility, and staff can make a new one to
// hand over. The public page shows only the visit's date and the clinician's first name; the rating is stored,
// the link spent, ratingDetails.avgPatientRating refreshed and providers.rating recomputed from the details
// (ratingFromDetails, decision 026) in one transaction. A visit is rated once (decision 037): no link is made for
// a rated visit, and a rated visit's link is refused (409), also by the database's unique index.
import {
  FEEDBACK_MESSAGES,
  FEEDBACK_TOKEN_DAYS,
  formatDate,
  isVisitStatus,
  ratingFromDetails,
  type ClinicianFeedbackDetails,
  type ClinicianFeedbackInput,
  type FeedbackLink,
} from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { randomToken, sha256 } from '../../../lib/crypto';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../../lib/errors';
import type { AppServices } from '../../../services/app-services';
import { recordAudit } from '../../../services/audit';
import { requireActor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { enqueueMessage } from '../../../services/outbox';
import { VISIT_THING } from '../../scheduling/visits';
import type { VisitRecord } from '../../scheduling/visits/transitions';
import { CLINICIAN_THING } from '../access';
import { findClinicianName } from '../provider-visits/repository';
import * as repo from './repository';

/** Statuses a visit has once it was checked out (and may be rated in). */
const RATEABLE = new Set([
  'NotesDue',
  'NotesOverdue',
  'NotesInReview',
  'NotesRejected',
  'NotesApproved',
  'ApprovalDue',
  'FinalReview',
  'FinalConfirmed',
]);

const alreadyRated = () => conflict(FEEDBACK_MESSAGES.alreadyRated, 'ALREADY_RATED');

const linkOf = (services: AppServices, token: string) =>
  `${services.config.publicUrl}/clinicianFeedBack?token=${encodeURIComponent(token)}`;

/** A new link for the visit (closing its open ones); answers the raw token, which is never stored. */
async function issueToken(
  tx: Executor,
  visit: { id: number; providerId: number },
  sentTo: string | null,
  createdBy: number | null,
) {
  await repo.closeOpenTokens(tx, visit.id);
  const token = randomToken(32);
  const row = await repo.insertToken(tx, {
    tokenHash: sha256(token),
    visitId: visit.id,
    providerId: visit.providerId,
    sentTo,
    createdBy,
    expiresAt: new Date(Date.now() + FEEDBACK_TOKEN_DAYS * 86_400_000),
  });
  return { token, row };
}

/** At check-out, inside its transaction: a link emailed to whoever rates the visit, when anyone can. */
/**
 * Changes the clinician's rating details and writes the rating recomputed from them (ratingFromDetails, decision
 * 026), audited (as `who` when no one is signed in): the one way a rating changes, for feedback and notes alike.
 */
export async function rerateClinician(
  tx: Executor,
  ctx: RequestContext,
  providerId: number,
  change: repo.RatingDetailsChange,
  who: { userId?: null; userEmail?: string } = {},
): Promise<void> {
  const details = await repo.updateRatingDetails(tx, providerId, change);
  const { rating } = ratingFromDetails(details.after);
  await repo.setProviderRating(tx, providerId, rating);
  await recordAudit(tx, ctx, {
    entity: 'provider',
    entityId: providerId,
    action: 'UPDATE',
    before: { ratingDetails: details.before, rating: details.ratingBefore },
    after: { ratingDetails: details.after, rating },
    ...who,
  });
}

export async function openFeedbackOnCheckOut(
  services: AppServices,
  tx: Executor,
  ctx: RequestContext,
  visit: VisitRecord,
): Promise<void> {
  if (visit.providerId === null || (await repo.visitRated(tx, visit.id))) return;
  const to = await repo.findFeedbackRecipient(tx, visit.id);
  if (!to) return;
  const clinician = await findClinicianName(tx, visit.providerId);
  const { token, row } = await issueToken(tx, { id: visit.id, providerId: visit.providerId }, to, null);
  await enqueueMessage(tx, {
    channel: 'email',
    to,
    subject: 'How was your visit?',
    body:
      `Hello,\n\n${clinician?.givenName ?? 'Your clinician'} visited on ${formatDate(visit.dateOfService)}. ` +
      `Please rate the visit (1 to 5 stars): ${linkOf(services, token)}\n\n` +
      `The link works once and expires in ${FEEDBACK_TOKEN_DAYS} days.`,
    dedupeKey: `clinicianFeedback:${row.id}`,
  });
  await recordAudit(tx, ctx, {
    entity: 'clinicianFeedbackLink',
    entityId: row.id,
    action: 'CREATE',
    before: null,
    after: { visitId: visit.id, sentTo: to, expiresAt: row.expiresAt.toISOString() },
  });
}

/** Staff: a new link for a checked-out visit of the clinician, shown once (the old open ones stop working). */
export async function createFeedbackLink(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  visitId: number,
): Promise<FeedbackLink> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    if (!(await findClinicianName(tx, providerId))) throw notFound(CLINICIAN_THING);
    // Locked: two staff making links at once get one open link each in turn, never two open ones.
    const visit = await repo.lockVisit(tx, visitId);
    if (!visit || visit.providerId !== providerId) throw notFound(VISIT_THING);
    if (!isVisitStatus(visit.status) || !RATEABLE.has(visit.status))
      throw conflict(FEEDBACK_MESSAGES.notCheckedOut);
    if (await repo.visitRated(tx, visitId)) throw alreadyRated();
    const { token, row } = await issueToken(tx, { id: visitId, providerId }, null, actor.userId);
    await recordAudit(tx, ctx, {
      entity: 'clinicianFeedbackLink',
      entityId: row.id,
      action: 'CREATE',
      before: null,
      after: { visitId, sentTo: null, expiresAt: row.expiresAt.toISOString() },
    });
    return { url: linkOf(services, token), expiresAt: row.expiresAt.toISOString(), sentTo: null };
  });
}

/** The token's open link, or the reason it is not: 400 unknown or expired, 409 already used. */
function checkOpen(row: repo.FeedbackToken | null): repo.FeedbackToken {
  if (!row) throw badRequest('token', FEEDBACK_MESSAGES.unknownToken);
  if (row.usedAt) throw conflict(FEEDBACK_MESSAGES.usedToken, 'TOKEN_USED');
  if (row.expiresAt.getTime() <= Date.now()) throw badRequest('token', FEEDBACK_MESSAGES.expiredToken);
  return row;
}

/** What the public page shows of an open link. */
export async function feedbackDetails(
  services: AppServices,
  token: string,
): Promise<ClinicianFeedbackDetails> {
  const row = checkOpen(await repo.findToken(services.db, sha256(token)));
  if (await repo.visitRated(services.db, row.visitId)) throw alreadyRated();
  const visit = await repo.findTokenVisit(services.db, row);
  if (!visit) throw badRequest('token', FEEDBACK_MESSAGES.unknownToken);
  return { ...visit, expiresAt: row.expiresAt.toISOString() };
}

/**
 * Stores the rating, spends the link, refreshes the clinician's average patient rating and recomputes their
 * rating from the updated details.
 */
export async function submitFeedback(
  services: AppServices,
  ctx: RequestContext,
  input: ClinicianFeedbackInput,
): Promise<{ message: string }> {
  await services.db.transaction(async (tx) => {
    const found = checkOpen(await repo.findToken(tx, sha256(input.token)));
    // The visit, then the link, locked in the order a new link takes them: a second answer on this link or on
    // another of the visit waits, then finds it used (409) or the visit rated (409).
    await repo.lockVisit(tx, found.visitId);
    const token = checkOpen(await repo.findToken(tx, sha256(input.token), { lock: true }));
    if (await repo.visitRated(tx, token.visitId)) throw alreadyRated();
    const comment = input.comment ? input.comment : null;
    const id = await repo
      .insertFeedback(tx, {
        tokenId: token.id,
        visitId: token.visitId,
        providerId: token.providerId,
        rating: input.rating,
        comment,
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? alreadyRated() : error;
      });
    await repo.markTokenUsed(tx, token.id);
    const who = { userId: null, userEmail: `feedback link ${token.sentTo ?? token.id}` };
    await recordAudit(tx, ctx, {
      entity: 'clinicianFeedback',
      entityId: id,
      action: 'CREATE',
      before: null,
      after: { visitId: token.visitId, rating: input.rating, comment },
      ...who,
    });
    await rerateClinician(tx, ctx, token.providerId, 'averagePatientRating', who);
    await publishEvent(
      tx,
      { entity: 'provider', id: token.providerId, action: 'updated' },
      { staffOnly: true },
    );
  });
  return { message: FEEDBACK_MESSAGES.thanks };
}
