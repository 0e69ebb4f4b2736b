// Facility response tokens: random, stored only as a hash, expiring in 7 days, single-use.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { FACILITY_MESSAGES } from '@carelane/shared-domain';
import { facilityResponseTokens } from '../../../db/scheduling-schema';
import type { Executor } from '../../../db/client';
import { randomToken, sha256 } from '../../../lib/crypto';
import { AppError } from '../../../lib/errors';

export const FACILITY_TOKEN_DAYS = 7;
export type FacilityToken = typeof facilityResponseTokens.$inferSelect;

/** Stores a new token for the visits and answers the raw token (only ever sent in the email link). */
export async function createFacilityToken(
  ex: Executor,
  input: { visitIds: number[]; referralSourceId: number; sentTo: string },
): Promise<string> {
  const token = randomToken(32);
  await ex.insert(facilityResponseTokens).values({
    tokenHash: sha256(token),
    visitIds: input.visitIds,
    referralSourceId: input.referralSourceId,
    sentTo: input.sentTo,
    expiresAt: sql`now() + make_interval(days => ${FACILITY_TOKEN_DAYS})`,
  });
  return token;
}

const gone = (message: string) => new AppError(410, 'TOKEN_GONE', message);

/** The token's row, or a clear 404/410 for an unknown, used or expired link. */
export async function readFacilityToken(ex: Executor, token: string): Promise<FacilityToken> {
  const [row] = await ex
    .select()
    .from(facilityResponseTokens)
    .where(eq(facilityResponseTokens.tokenHash, sha256(token)));
  if (!row) throw new AppError(404, 'TOKEN_UNKNOWN', FACILITY_MESSAGES.unknownToken);
  if (row.usedAt) throw gone(FACILITY_MESSAGES.usedToken);
  if (row.expiresAt.getTime() <= Date.now()) throw gone(FACILITY_MESSAGES.expiredToken);
  return row;
}

/** Marks the token used inside the answer's transaction; a second answer racing this one gets the 410. */
export async function spendFacilityToken(
  tx: Executor,
  token: string,
  outcome: 'accepted' | 'changed' | 'rejected',
): Promise<FacilityToken> {
  const row = await readFacilityToken(tx, token);
  const [spent] = await tx
    .update(facilityResponseTokens)
    .set({ usedAt: sql`now()`, outcome })
    .where(
      and(
        eq(facilityResponseTokens.id, row.id),
        isNull(facilityResponseTokens.usedAt),
        gt(facilityResponseTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!spent) throw gone(FACILITY_MESSAGES.usedToken);
  return spent;
}
