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

const OPTIONS = { perPair: 5, perAccount: 20, perClient: 20, windowMs: 15 * 60_000 };

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
    // The refused attempts took nothing from the account: 5 failures, the sixth from elsewhere.
    const other = await b.attempt({ email: ' OP@example.com ', client: '198.51.100.7' });
    expect(other).toMatchObject({ ok: true, accountFailures: 6, clientFailures: 1 });
  });

  it('two instances lock an account after 20 failures from many clients in all; its own browser is still judged', async () => {
    const [a, b] = [createSharedLoginThrottle(OPTIONS), createSharedLoginThrottle(OPTIONS)];
    const verdicts = [];
    for (let i = 0; i < 22; i += 1) verdicts.push(await (i % 2 ? b : a).attempt({ email: 'crowd@example.com', client: `198.51.100.${i}` }));
    expect(verdicts.filter((verdict) => verdict.ok)).toHaveLength(20);
    expect(verdicts.at(-1)).toMatchObject({ ok: false, limit: 'account' });
    expect(await a.attempt({ email: 'crowd@example.com', client: '192.0.2.1', knownDevice: true })).toMatchObject({ ok: true });
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

describe.skipIf(unavailable)('second-factor answers counted in PostgreSQL', () => {
  const database = postgresDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('two instances judge 10 of 30 answers sent at once on one account, in all', async () => {
    const { createFactorThrottle } = await import('@/lib/auth/factor-throttle');
    const [a, b] = [createFactorThrottle({ perAccount: 10, windowMs: 15 * 60_000 }), createFactorThrottle({ perAccount: 10, windowMs: 15 * 60_000 })];
    const verdicts = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? b : a).attempt(42)));
    expect(verdicts.filter((verdict) => verdict.ok)).toHaveLength(10);
    const refused = verdicts.find((verdict) => !verdict.ok);
    expect(refused && !refused.ok && refused.retryAfterSeconds).toBeGreaterThan(800);
    expect((await b.attempt(42)).ok).toBe(false);
    // Right answers give their count back, on whichever instance counted them.
    for (let i = 0; i < 15; i += 1) {
      const verdict = await (i % 2 ? b : a).attempt(43);
      expect(verdict.ok).toBe(true);
      if (verdict.ok) await verdict.succeeded();
    }
  });

  it('gives a right password back later, from another instance, to the counters its login used', async () => {
    const [a, b] = [createSharedLoginThrottle(OPTIONS), createSharedLoginThrottle(OPTIONS)];
    const keys = { email: 'later@example.com', client: '203.0.113.9' };
    for (let i = 0; i < 5; i += 1) {
      expect((await a.attempt(keys)).ok).toBe(true);
      await b.release(keys);
    }
    for (let i = 0; i < 5; i += 1) expect((await a.attempt(keys)).ok).toBe(true);
    expect((await b.attempt(keys)).ok).toBe(false);
  });
});
