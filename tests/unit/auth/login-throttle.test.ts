import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from '@/lib/auth/login-throttle';

const WINDOW_MS = 15 * 60_000;
const make = () => createLoginThrottle({ perEmail: 3, perClient: 5, windowMs: WINDOW_MS });

describe('login throttle', () => {
  it('blocks an e-mail after its failures, whichever client tries it', () => {
    const throttle = make();
    for (let client = 0; client < 3; client += 1) {
      expect(throttle.attempt({ email: 'op@example.com', client: `c${client}` }, 0).ok).toBe(true);
    }
    expect(throttle.attempt({ email: ' OP@example.com ', client: 'fresh' }, 1000)).toEqual({ ok: false, retryAfterSeconds: 899 });
    expect(throttle.attempt({ email: 'other@example.com', client: 'fresh' }, 1000).ok).toBe(true);
  });

  it('blocks a client after its failures, whatever e-mails it tries', () => {
    const throttle = make();
    for (let index = 0; index < 5; index += 1) {
      expect(throttle.attempt({ email: `u${index}@example.com`, client: 'bot' }, 0).ok).toBe(true);
    }
    expect(throttle.attempt({ email: 'new@example.com', client: 'bot' }, 0).ok).toBe(false);
    expect(throttle.attempt({ email: 'new@example.com', client: 'someone-else' }, 0).ok).toBe(true);
  });

  it('counts an attempt before it is judged, so parallel guesses cannot all pass', () => {
    const throttle = make();
    const results = Array.from({ length: 6 }, () => throttle.attempt({ email: 'op@example.com', client: 'c' }, 0).ok);
    expect(results).toEqual([true, true, true, false, false, false]);
  });

  it('gives successful attempts back, so only failures use the budget', () => {
    const throttle = make();
    for (let index = 0; index < 10; index += 1) {
      expect(throttle.attempt({ email: 'op@example.com', client: 'c' }, 0).ok).toBe(true);
      throttle.release({ email: 'op@example.com', client: 'c' });
    }
  });

  it('opens again once the window has passed', () => {
    const throttle = make();
    for (let index = 0; index < 3; index += 1) throttle.attempt({ email: 'op@example.com', client: 'c' }, 0);
    expect(throttle.attempt({ email: 'op@example.com', client: 'c' }, WINDOW_MS - 1).ok).toBe(false);
    expect(throttle.attempt({ email: 'op@example.com', client: 'c' }, WINDOW_MS).ok).toBe(true);
  });
});
