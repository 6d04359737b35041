import 'server-only';
import { createHash } from 'node:crypto';
import { asc, count, inArray, lt } from 'drizzle-orm';
import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { config } from '@/lib/config';
import { getDb, getDbHandle } from '@/lib/db/client';
import { rateLimits } from '@/lib/db/schema';

/** Rows the counter table keeps at most: past it, the windows closest to their end are dropped first. */
export const MAX_RATE_LIMIT_ROWS = 100_000;
/** How often every instance purges the expired rate-limit rows (lib/scheduled-jobs.ts). */
export const PURGE_EVERY_MS = 60_000;
// A key is a validated address or id; anything longer is stored as its hash (the column takes 255).
const MAX_KEY_LENGTH = 128;

export type RateVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

const storedKey = (key: string) => (key.length <= MAX_KEY_LENGTH ? key : `#${createHash('sha256').update(key).digest('hex')}`);

/**
 * One limiter's store in PostgreSQL, shared by every instance (rate-limiter-flexible's
 * RateLimiterPostgres on the app's pool, table `rate_limits` made by the migrations), made for
 * the pool the start-up opened. Null when the app runs on PGlite; rejects when PostgreSQL is not open.
 */
export function createPostgresStore({ name, limit, windowMs }: { name: string; limit: number; windowMs: number }) {
  if (!config.database.databaseUrl) return null;
  let limiter: { pool: Pool; store: RateLimiterPostgres } | undefined;

  return async function storeFor(): Promise<RateLimiterPostgres> {
    const handle = await getDbHandle();
    if (handle.driver !== 'pg') throw new Error('the database is not PostgreSQL');
    if (limiter?.pool !== handle.client) {
      const store = new RateLimiterPostgres({
        storeClient: handle.client,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true,
        // Purged by purgeRateLimits, bounded in rows, not only in age.
        clearExpiredByTimeout: false,
        keyPrefix: name,
        points: limit,
        duration: windowMs / 1000,
      });
      limiter = { pool: handle.client, store };
    }
    return limiter.store;
  };
}

/** The verdict of a consume: refused (with its wait) when the store says the key is over its points. */
export async function consumeKey(store: RateLimiterPostgres, key: string): Promise<RateVerdict & { consumed: number }> {
  try {
    const result = await store.consume(storedKey(key));
    return { ok: true, consumed: result.consumedPoints };
  } catch (outcome) {
    if (!(outcome instanceof RateLimiterRes)) throw outcome;
    return { ok: false, consumed: outcome.consumedPoints, retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)) };
  }
}

/** Gives one point back to `key` (an attempt that turned out not to count). */
export async function rewardKey(store: RateLimiterPostgres, key: string): Promise<void> {
  await store.reward(storedKey(key), 1);
}

/** One limiter's counter in PostgreSQL (see createPostgresStore); null on PGlite. */
export function createPostgresCounter(options: { name: string; limit: number; windowMs: number }) {
  const storeFor = createPostgresStore(options);
  if (!storeFor) return null;
  return async function consume(key: string): Promise<RateVerdict> {
    const verdict = await consumeKey(await storeFor(), key);
    return verdict.ok ? { ok: true } : { ok: false, retryAfterSeconds: verdict.retryAfterSeconds };
  };
}

/** Deletes the expired windows, then the soonest to expire past MAX_RATE_LIMIT_ROWS. Returns the rows deleted. */
export async function purgeRateLimits({ now = Date.now(), maxRows = MAX_RATE_LIMIT_ROWS }: { now?: number; maxRows?: number } = {}): Promise<number> {
  const db = await getDb();
  const expired = await db.delete(rateLimits).where(lt(rateLimits.expire, now)).returning({ key: rateLimits.key });
  const [rows] = await db.select({ value: count() }).from(rateLimits);
  const excess = Number(rows?.value ?? 0) - maxRows;
  if (excess <= 0) return expired.length;
  const oldest = db.select({ key: rateLimits.key }).from(rateLimits).orderBy(asc(rateLimits.expire)).limit(excess);
  const dropped = await db.delete(rateLimits).where(inArray(rateLimits.key, oldest)).returning({ key: rateLimits.key });
  return expired.length + dropped.length;
}
