import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { lt, sql } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitName, RateLimitPolicies, RateLimitPolicy } from '../config';
import type { Db, Executor } from '../db/client';
import { sha256 } from '../lib/crypto';
import { AppError } from '../lib/errors';

/**
 * rate-limiter-flexible's Drizzle store: one row per limited key in our own database (migration 0004), so
 * every API instance on one PostgreSQL counts together, and PGlite works the same. Kept out of db/schema.ts.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

const CLEAN_EVERY_MS = 5 * 60_000;

export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export interface Refusal {
  code?: string;
  message?: (waitSeconds: number) => string;
}

export const tooManyRequests = (retryAfterSeconds: number, refusal: Refusal = {}) =>
  new AppError(
    429,
    refusal.code ?? 'TOO_MANY_REQUESTS',
    refusal.message?.(retryAfterSeconds) ??
      `Too many requests. Please wait ${waitText(retryAfterSeconds)} and try again.`,
    undefined,
    retryAfterSeconds,
  );

export function isTooManyRequests(error: unknown): error is AppError {
  return error instanceof AppError && error.statusCode === 429;
}

const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** The named limits of config.rateLimits over the rate_limits table. Keys are stored hashed. */
export class RateLimits {
  private readonly limiters = new Map<RateLimitName, RateLimiterDrizzle>();
  private cleaner: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly policies: RateLimitPolicies,
  ) {
    for (const name of Object.keys(policies) as RateLimitName[])
      this.limiters.set(name, this.limiter(name, db));
  }

  private limiter(name: RateLimitName, storeClient: Executor): RateLimiterDrizzle {
    const policy: RateLimitPolicy = this.policies[name];
    return new RateLimiterDrizzle({
      storeClient,
      schema: rateLimits,
      keyPrefix: name,
      points: policy.points,
      duration: policy.seconds,
      clearExpiredByTimeout: false,
    });
  }

  start(): void {
    this.cleaner = setInterval(
      () =>
        void this.db
          .delete(rateLimits)
          .where(lt(rateLimits.expire, sql`now() - interval '1 hour'`))
          .catch(() => {}),
      CLEAN_EVERY_MS,
    );
    this.cleaner.unref();
  }

  stop(): void {
    clearInterval(this.cleaner);
  }

  /**
   * Counts one against `name` for `key`, or throws 429 with Retry-After when that goes over the limit.
   * Inside a transaction pass it as `ex` (PGlite has one connection: a query beside the open transaction
   * would wait for it); the count then commits or rolls back with the transaction.
   */
  async consume(name: RateLimitName, key: string, options: Refusal & { ex?: Executor } = {}): Promise<void> {
    const limiter = options.ex ? this.limiter(name, options.ex) : this.limiters.get(name)!;
    try {
      await limiter.consume(sha256(key));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw tooManyRequests(retryAfter(error), options);
    }
  }

  /** How much of its allowance `key` has used in the current window of `name`, and when that window ends. */
  async usage(name: RateLimitName, key: string): Promise<{ points: number; retryAfterSeconds: number }> {
    const res = await this.limiters.get(name)!.get(sha256(key));
    if (!res || res.msBeforeNext <= 0) return { points: 0, retryAfterSeconds: 0 };
    return { points: res.consumedPoints, retryAfterSeconds: retryAfter(res) };
  }

  /** Counts one and tells whether that stayed within the limit (nothing is refused here). */
  async take(name: RateLimitName, key: string): Promise<boolean> {
    return this.limiters
      .get(name)!
      .consume(sha256(key))
      .then(
        () => true,
        (error: unknown) => {
          if (error instanceof RateLimiterRes) return false;
          throw error;
        },
      );
  }

  /** Gives back one counted by `take` (what it guarded turned out fine). */
  async giveBack(name: RateLimitName, key: string): Promise<void> {
    await this.limiters.get(name)!.reward(sha256(key), 1);
  }

  /** Counts one without refusing anything (what it counts was already answered). */
  async record(name: RateLimitName, key: string): Promise<void> {
    await this.limiters
      .get(name)!
      .consume(sha256(key))
      .catch((error: unknown) => {
        if (!(error instanceof RateLimiterRes)) throw error;
      });
  }
}
