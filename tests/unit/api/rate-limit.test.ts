import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
// The limiters read DATABASE_URL's presence when created: these tests run as an instance on PostgreSQL.
vi.mock('@/lib/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/config')>();
  return { ...actual, config: { ...actual.config, database: { ...actual.config.database, databaseUrl: 'postgresql://set-by-the-test' } } };
});
const { OPEN_TIMEOUT_MS, postgresDatabase, postgresUnavailable, query } = await import('../db/test-database');
const { createMemoryLimiter, createRateLimiter } = await import('@/lib/api/rate-limit');
const { purgeRateLimits } = await import('@/lib/api/rate-limit-store');
const { closeDb } = await import('@/lib/db/client');

const unavailable = await postgresUnavailable();
if (unavailable) console.warn(unavailable);

describe('in-memory limiter (PGlite, or PostgreSQL unavailable)', () => {
  it('refuses past the limit until the window ends', () => {
    const limiter = createMemoryLimiter({ limit: 2, windowMs: 60_000 });
    expect([limiter('a', 0), limiter('a', 1), limiter('a', 2)]).toEqual([{ ok: true }, { ok: true }, { ok: false, retryAfterSeconds: 60 }]);
    expect(limiter('b', 3)).toEqual({ ok: true });
    expect(limiter('a', 60_000)).toEqual({ ok: true });
  });
});

describe.skipIf(unavailable)('rate limits counted in PostgreSQL', () => {
  const database = postgresDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('two instances (two limiters of one name) share one count: the limit holds once, not twice', async () => {
    const instanceA = createRateLimiter({ name: 'test-shared', limit: 5, windowMs: 60_000 });
    const instanceB = createRateLimiter({ name: 'test-shared', limit: 5, windowMs: 60_000 });
    const verdicts = [];
    for (let i = 0; i < 10; i += 1) verdicts.push(await (i % 2 ? instanceB : instanceA)('203.0.113.9'));
    expect(verdicts.filter((verdict) => verdict.ok)).toHaveLength(5);
    const refused = verdicts.at(-1)!;
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(!refused.ok && refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another limiter, another client: counted apart.
    expect(await createRateLimiter({ name: 'test-other', limit: 5, windowMs: 60_000 })('203.0.113.9')).toEqual({ ok: true });
    expect(await instanceA('203.0.113.10')).toEqual({ ok: true });
  });

  it('stores a key of any length within the column, hashed past 128 characters', async () => {
    const limiter = createRateLimiter({ name: 'test-long', limit: 1, windowMs: 60_000 });
    expect(await limiter('x'.repeat(10_000))).toEqual({ ok: true });
    expect((await limiter('x'.repeat(10_000))).ok).toBe(false);
    const [row] = await query<{ key: string }>(`select key from rate_limits where key like 'test-long%'`);
    expect(row!.key.length).toBeLessThan(255);
  });

  it('the purge deletes expired windows, then the soonest to expire past the row cap', async () => {
    const now = Date.now();
    await query(`insert into rate_limits (key, points, expire) select 'test-purge:' || i, 1, $1::bigint + i from generate_series(1, 50) i`, [now + 60_000]);
    await query(`insert into rate_limits (key, points, expire) select 'test-expired:' || i, 1, $1::bigint from generate_series(1, 20) i`, [now - 1]);
    const [{ n: before }] = (await query<{ n: string }>('select count(*) as n from rate_limits')) as [{ n: string }];
    await purgeRateLimits({ now, maxRows: 10 });
    const keys = (await query<{ key: string }>('select key from rate_limits order by expire')).map((row) => row.key);
    expect(Number(before)).toBeGreaterThan(70);
    expect(keys).toHaveLength(10);
    expect(keys.at(-1)).toBe('test-purge:50');
    expect(keys.some((key) => key.startsWith('test-expired'))).toBe(false);
  });

  it('PostgreSQL gone: the instance counts in memory, never throws, and logs once for many requests', async () => {
    const limiter = createRateLimiter({ name: 'test-down', limit: 3, windowMs: 60_000 });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await closeDb();
    const verdicts = [];
    for (let i = 0; i < 50; i += 1) verdicts.push(await limiter('198.51.100.1'));
    expect(verdicts.filter((verdict) => verdict.ok)).toHaveLength(3);
    expect(errors.mock.calls.map((call) => call.join(' '))).toEqual([expect.stringMatching(/^\[rate-limit\] counting in memory, PostgreSQL failed: /)]);
    vi.restoreAllMocks();
  });
});
