import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { verificationTokens } from '../../db/schema';
import type { Executor } from '../../db/client';
import { randomToken, sha256, sixDigitCode } from '../../lib/crypto';

export type TokenPurpose = 'reset' | 'email' | 'phone';
const MAX_CODE_ATTEMPTS = 5;

function hashFor(purpose: TokenPurpose, secret: string, userId: number): string {
  // Phone codes are short, so they are hashed with their user to stay unique.
  return purpose === 'phone' ? sha256(`${userId}:${secret}`) : sha256(secret);
}

/** Issues a single-use secret (a link token, or a 6-digit code for phones); older ones of the same purpose die. */
export async function issueSecret(
  ex: Executor,
  userId: number,
  purpose: TokenPurpose,
  ttlMinutes: number,
): Promise<string> {
  const secret = purpose === 'phone' ? sixDigitCode() : randomToken();
  await ex
    .update(verificationTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(verificationTokens.userId, userId),
        eq(verificationTokens.purpose, purpose),
        isNull(verificationTokens.usedAt),
      ),
    );
  await ex.insert(verificationTokens).values({
    userId,
    purpose,
    tokenHash: hashFor(purpose, secret, userId),
    expiresAt: sql`now() + make_interval(mins => ${ttlMinutes})`,
  });
  return secret;
}

/** Consumes a link token: the user it belongs to, or null when unknown, used or expired. */
export async function consumeToken(
  ex: Executor,
  purpose: 'reset' | 'email',
  token: string,
): Promise<number | null> {
  const [row] = await ex
    .update(verificationTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(verificationTokens.purpose, purpose),
        eq(verificationTokens.tokenHash, sha256(token)),
        isNull(verificationTokens.usedAt),
        gt(verificationTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: verificationTokens.userId });
  return row?.userId ?? null;
}

/** Checks a user's phone code; five wrong tries spend it. */
export async function consumePhoneCode(ex: Executor, userId: number, code: string): Promise<boolean> {
  const [live] = await ex
    .select()
    .from(verificationTokens)
    .where(
      and(
        eq(verificationTokens.userId, userId),
        eq(verificationTokens.purpose, 'phone'),
        isNull(verificationTokens.usedAt),
        gt(verificationTokens.expiresAt, sql`now()`),
      ),
    );
  if (!live) return false;
  const matches = live.tokenHash === hashFor('phone', code, userId);
  // Counted in the database, and only while the code is still live, so simultaneous tries cannot
  // share one count.
  const [counted] = await ex
    .update(verificationTokens)
    .set({
      attempts: sql`${verificationTokens.attempts} + 1`,
      usedAt: matches
        ? sql`now()`
        : sql`case when ${verificationTokens.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then now() end`,
    })
    .where(and(eq(verificationTokens.id, live.id), isNull(verificationTokens.usedAt)))
    .returning({ attempts: verificationTokens.attempts });
  return matches && counted !== undefined && counted.attempts <= MAX_CODE_ATTEMPTS;
}
