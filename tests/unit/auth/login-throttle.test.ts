import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from '@/lib/auth/login-throttle';

const WINDOW_MS = 15 * 60_000;
const make = (maxKeys?: number) => createLoginThrottle({ perPair: 3, delayAfter: 5, maxDelayMs: 30_000, windowMs: WINDOW_MS, maxKeys });

describe('login throttle', () => {
  it('blocks an (e-mail, client) pair after its failures, never the e-mail from another client', () => {
    const throttle = make();
    for (let index = 0; index < 3; index += 1) expect(throttle.attempt({ email: 'op@example.com', client: 'bot' }, 0).ok).toBe(true);
    expect(throttle.attempt({ email: ' OP@example.com ', client: 'bot' }, 1000)).toEqual({ ok: false, retryAfterSeconds: 899 });
    expect(throttle.attempt({ email: 'op@example.com', client: 'office' }, 1000).ok).toBe(true);
    expect(throttle.attempt({ email: 'other@example.com', client: 'bot' }, 1000).ok).toBe(true);
  });

  it('slows an e-mail tried from many clients with growing delays, capped, without blocking it', () => {
    const throttle = make();
    const delays = Array.from({ length: 12 }, (_, client) => {
      const verdict = throttle.attempt({ email: 'op@example.com', client: `c${client}` }, 0);
      return verdict.ok ? verdict.delayMs : -1;
    });
    expect(delays).toEqual([0, 0, 0, 0, 0, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
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
      expect(verdict).toEqual({ ok: true, delayMs: 0, emailFailures: 1 });
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
    for (let index = 0; index < 50_000; index += 1) throttle.attempt({ email: `u${index}@example.com`.padEnd(300, 'x'), client: 'c' }, 0);
    expect(throttle.size).toBe(1000);
  });
});
