// Feedback links (stored only as their hash) and the ratings they give; the average that feeds the clinician's
// rating details.
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { clinicianFeedback, clinicianFeedbackTokens } from '../../../db/feedback-schema';
import { contacts, episodes, facilities, providers, visits } from '../../../db/schema';
import type { Executor } from '../../../db/client';

export type FeedbackToken = typeof clinicianFeedbackTokens.$inferSelect;

/**
 * Who rates the visit: the first active patient contact of the episode with an email address, or for a shift
 * the facility's address (the supervisor); null when there is none.
 */
export async function findFeedbackRecipient(ex: Executor, visitId: number): Promise<string | null> {
  const [row] = await ex
    .select({
      contact: sql<string | null>`(select c.email from ${contacts} c
        where c.id = any(${episodes.patientContactIds}) and c.status = 'ACTIVE' and coalesce(c.email, '') <> ''
        order by array_position(${episodes.patientContactIds}, c.id) limit 1)`,
      facility: sql<
        string | null
      >`(select nullif(f.email, '') from ${facilities} f where f.id = ${visits.facilityId})`,
    })
    .from(visits)
    .innerJoin(episodes, eq(episodes.id, visits.episodeId))
    .where(eq(visits.id, visitId));
  return row?.contact ?? row?.facility ?? null;
}

export async function insertToken(
  tx: Executor,
  values: typeof clinicianFeedbackTokens.$inferInsert,
): Promise<FeedbackToken> {
  const [row] = await tx.insert(clinicianFeedbackTokens).values(values).returning();
  return row!;
}

/** Closes the visit's links not used yet (a new one replaces them). */
export async function closeOpenTokens(tx: Executor, visitId: number): Promise<void> {
  await tx
    .update(clinicianFeedbackTokens)
    .set({ expiresAt: sql`least(${clinicianFeedbackTokens.expiresAt}, now())` })
    .where(and(eq(clinicianFeedbackTokens.visitId, visitId), isNull(clinicianFeedbackTokens.usedAt)));
}

export async function findToken(
  ex: Executor,
  tokenHash: string,
  options: { lock?: boolean } = {},
): Promise<FeedbackToken | null> {
  const query = ex
    .select()
    .from(clinicianFeedbackTokens)
    .where(eq(clinicianFeedbackTokens.tokenHash, tokenHash));
  const [row] = await (options.lock ? query.for('update') : query);
  return row ?? null;
}

/** What the public page may show: the visit's date and the clinician's first name. */
export async function findTokenVisit(ex: Executor, token: FeedbackToken) {
  const [row] = await ex
    .select({ dateOfService: visits.dateOfService, clinicianFirstName: providers.givenName })
    .from(visits)
    .innerJoin(providers, eq(providers.id, token.providerId))
    .where(eq(visits.id, token.visitId));
  return row ?? null;
}

export async function markTokenUsed(tx: Executor, tokenId: number): Promise<void> {
  await tx
    .update(clinicianFeedbackTokens)
    .set({ usedAt: sql`now()` })
    .where(eq(clinicianFeedbackTokens.id, tokenId));
}

/** Whether the visit was rated already (one rating per visit: the unique clinician_feedback_visit_key). */
export async function visitRated(ex: Executor, visitId: number): Promise<boolean> {
  const [row] = await ex
    .select({ id: clinicianFeedback.id })
    .from(clinicianFeedback)
    .where(eq(clinicianFeedback.visitId, visitId))
    .limit(1);
  return row !== undefined;
}

export async function insertFeedback(
  tx: Executor,
  values: typeof clinicianFeedback.$inferInsert,
): Promise<number> {
  const [row] = await tx.insert(clinicianFeedback).values(values).returning({ id: clinicianFeedback.id });
  return row!.id;
}

/** A change of the clinician's rating details (SPEC §3): the keys it sets, merged into the details. */
export type RatingDetailsChange = { addOneTo: string } | 'averagePatientRating';

function patchOf(providerId: number, change: RatingDetailsChange): SQL {
  if (change === 'averagePatientRating')
    return sql`jsonb_build_object('avgPatientRating',
        (select round(avg(f.rating)::numeric, 2)::float8 from ${clinicianFeedback} f
          where f.provider_id = ${providerId}))`;
  return sql`jsonb_build_object(${change.addOneTo}::text,
        coalesce((${providers.ratingDetails} ->> ${change.addOneTo}::text)::numeric, 0) + 1)`;
}

/**
 * Changes the clinician's rating details (one counter plus one, or avgPatientRating set to the mean of every
 * rating they were given, two decimals), the provider row locked; answers the details before and after and the
 * rating before (the caller writes the recomputed rating).
 */
export async function updateRatingDetails(tx: Executor, providerId: number, change: RatingDetailsChange) {
  const [before] = await tx
    .select({ ratingDetails: providers.ratingDetails, rating: providers.rating })
    .from(providers)
    .where(eq(providers.id, providerId))
    .for('update');
  const [after] = await tx
    .update(providers)
    .set({
      ratingDetails: sql`${providers.ratingDetails} || ${patchOf(providerId, change)}`,
      updatedAt: sql`now()`,
    })
    .where(eq(providers.id, providerId))
    .returning({ ratingDetails: providers.ratingDetails });
  return {
    before: before?.ratingDetails ?? {},
    after: after?.ratingDetails ?? {},
    ratingBefore: before?.rating ?? null,
  };
}

/** Writes the clinician's rating (the badge's number), computed by shared-domain's rule. */
export async function setProviderRating(tx: Executor, providerId: number, rating: number | null) {
  await tx.update(providers).set({ rating }).where(eq(providers.id, providerId));
}

/** The visit's clinician and status, locked. */
export async function lockVisit(tx: Executor, visitId: number) {
  const [row] = await tx
    .select({ id: visits.id, providerId: visits.providerId, status: visits.status })
    .from(visits)
    .where(eq(visits.id, visitId))
    .for('update');
  return row ?? null;
}
