import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
// The throttle reads DATABASE_URL's presence when created: these tests run as instances on PostgreSQL.
vi.mock('@/lib/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/config')>();
  return { ...actual, config: { ...actual.config, database: { ...actual.config.database, databaseUrl: 'postgresql://set-by-the-test' } } };
});
const { OPEN_TIMEOUT_MS, postgresDatabase, postgresUnavailable } = await import('../db/test-database');
const { createSharedLoginThrottle } = await import('@/lib/auth/shared-login-throttle');

const unavailable = await postgresUnavailable();
if (unavailable) console.warn(unavailable);

const OPTIONS = { perPair: 5, delayAfter: 5, maxDelayMs: 30_000, windowMs: 15 * 60_000 };

describe.skipIf(unavailable)('login throttle counted in PostgreSQL', () => {
  const database = postgresDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('two instances block a guessing pair after 5 failures in all, not 5 each; the e-mail from elsewhere still gets in', async () => {
    const [a, b] = [createSharedLoginThrottle(OPTIONS), createSharedLoginThrottle(OPTIONS)];
    const keys = { email: 'op@example.com', client: '203.0.113.5' };
    const verdicts = [];
    for (let i = 0; i < 10; i += 1) verdicts.push((await (i % 2 ? b : a).attempt(keys)).ok);
    expect(verdicts).toEqual([true, true, true, true, true, false, false, false, false, false]);
    const other = await b.attempt({ email: ' OP@example.com ', client: '198.51.100.7' });
    expect(other).toMatchObject({ ok: true, delayMs: 1000, emailFailures: 6 });
  });

  it('gives a successful attempt back, on whichever instance counted it', async () => {
    const [a, b] = [createSharedLoginThrottle(OPTIONS), createSharedLoginThrottle(OPTIONS)];
    const keys = { email: 'right@example.com', client: '203.0.113.6' };
    for (let i = 0; i < 20; i += 1) {
      const attempt = await (i % 2 ? b : a).attempt(keys);
      expect(attempt.ok).toBe(true);
      await attempt.release();
    }
  });
});
