import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from '@/lib/auth/login-throttle';

const WINDOW_MS = 15 * 60_000;
const make = (maxKeys?: number) => createLoginThrottle({ perPair: 3, perAccount: 6, perClient: 5, windowMs: WINDOW_MS, maxKeys });

describe('login throttle', () => {
  it('blocks an (e-mail, client) pair after its failures; the same e-mail from another client still counts', () => {
    const throttle = make();
    for (let index = 0; index < 3; index += 1) expect(throttle.attempt({ email: 'op@example.com', client: 'bot' }, 0).ok).toBe(true);
    expect(throttle.attempt({ email: ' OP@example.com ', client: 'bot' }, 1000)).toEqual({ ok: false, retryAfterSeconds: 899, limit: 'pair' });
    expect(throttle.attempt({ email: 'op@example.com', client: 'office' }, 1000).ok).toBe(true);
    expect(throttle.attempt({ email: 'other@example.com', client: 'bot' }, 1000).ok).toBe(true);
  });

  it('locks an account guessed from many clients for strangers, never for its own browsers', () => {
    const throttle = make();
    const verdicts = Array.from({ length: 8 }, (_, client) => throttle.attempt({ email: 'op@example.com', client: `c${client}` }, 0));
    expect(verdicts.map((verdict) => (verdict.ok ? verdict.accountFailures : verdict.limit))).toEqual([1, 2, 3, 4, 5, 6, 'account', 'account']);
    expect(throttle.attempt({ email: 'op@example.com', client: 'home', knownDevice: true }, 0)).toEqual({ ok: true, accountFailures: 0, clientFailures: 0 });
  });

  it('blocks one client trying addresses at random, whatever the addresses', () => {
    const throttle = make();
    const verdicts = Array.from({ length: 7 }, (_, index) => throttle.attempt({ email: `u${index}@example.com`, client: 'bot' }, 0).ok);
    expect(verdicts).toEqual([true, true, true, true, true, false, false]);
    expect(throttle.attempt({ email: 'u9@example.com', client: 'office' }, 0).ok).toBe(true);
  });

  it('counts an attempt before it is judged, so parallel guesses cannot all pass', () => {
    const throttle = make();
    const results = Array.from({ length: 6 }, () => throttle.attempt({ email: 'op@example.com', client: 'c' }, 0).ok);
    expect(results).toEqual([true, true, true, false, false, false]);
  });

  it('gives successful attempts back, so only failures use the budget', () => {
    const throttle = make();
    for (let index = 0; index < 10; index += 1) {
      const verdict = throttle.attempt({ email: 'op@example.com', client: 'c' }, 0);
      expect(verdict).toEqual({ ok: true, accountFailures: 1, clientFailures: 1 });
      throttle.release({ email: 'op@example.com', client: 'c' });
    }
  });

  it('opens again once the window has passed', () => {
    const throttle = make();
    for (let index = 0; index < 3; index += 1) throttle.attempt({ email: 'op@example.com', client: 'c' }, 0);
    expect(throttle.attempt({ email: 'op@example.com', client: 'c' }, WINDOW_MS - 1).ok).toBe(false);
    expect(throttle.attempt({ email: 'op@example.com', client: 'c' }, WINDOW_MS).ok).toBe(true);
  });

  it('keeps at most maxKeys windows, however many e-mails are tried', () => {
    const throttle = make(1000);
    for (let index = 0; index < 50_000; index += 1) throttle.attempt({ email: `u${index}@example.com`.padEnd(300, 'x'), client: `c${index}` }, 0);
    expect(throttle.size).toBe(1000);
  });
});
