import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const { createFactorThrottle } = await import('@/lib/auth/factor-throttle');

const LIMITS = { perAccount: 10, windowMs: 15 * 60_000 };

describe('second-factor answers counted per account, in memory', () => {
  it('judges 10 of 30 answers sent at once, then refuses until the window ends', async () => {
    const throttle = createFactorThrottle(LIMITS);
    const now = 1_800_000_000_000;
    const verdicts = await Promise.all(Array.from({ length: 30 }, () => throttle.attempt(7, now)));
    expect(verdicts.filter((verdict) => verdict.ok)).toHaveLength(10);
    expect(verdicts.map((verdict) => (verdict.ok ? verdict.failures : 0)).filter(Boolean)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(verdicts.at(-1)).toEqual({ ok: false, retryAfterSeconds: 900 });
    // Another account is not touched; the same one is judged again once the 15 minutes are over.
    expect((await throttle.attempt(8, now)).ok).toBe(true);
    expect(await throttle.attempt(7, now + 14 * 60_000)).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect((await throttle.attempt(7, now + 15 * 60_000)).ok).toBe(true);
  });

  it('gives a right answer its count back: only failures use up the limit', async () => {
    const throttle = createFactorThrottle(LIMITS);
    for (let i = 0; i < 25; i += 1) {
      const verdict = await throttle.attempt(9);
      expect(verdict.ok).toBe(true);
      if (verdict.ok) await verdict.succeeded();
    }
  });
});
