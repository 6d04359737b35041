import { limitKey } from '@/lib/api/limit-key';
import { createWindowMap, retryAfterSeconds } from '@/lib/api/window-map';

/**
 * Failed logins, counted per (e-mail, client) and per e-mail. Only the pair is ever blocked: a
 * client guessing one account is stopped, while the operator typing the right password from
 * another address always gets in. Per e-mail, failures past `delayAfter` slow every further
 * attempt (1 s, 2 s, 4 s… up to `maxDelayMs`) and the caller alerts the operator. An attempt is
 * counted before the password is checked (parallel guesses can't all slip under the limit) and
 * given back when it succeeds, so only failures use up the budget.
 */
export type LoginVerdict = { ok: true; delayMs: number; emailFailures: number } | { ok: false; retryAfterSeconds: number };

export type LoginThrottle = {
  attempt(keys: { email: string; client: string }, now?: number): LoginVerdict;
  /** Gives an attempt back: it succeeded, or the server failed before it could judge it. */
  release(keys: { email: string; client: string }): void;
  readonly size: number;
};

export const loginKeys = ({ email, client }: { email: string; client: string }) => {
  const normalized = email.trim().toLowerCase();
  return { pair: `pair:${normalized}|${limitKey(client)}`, email: `email:${normalized}` };
};

/** The wait before judging an attempt on an e-mail that already failed `failures` times in the window. */
export function loginDelayMs(failures: number, { delayAfter, maxDelayMs }: { delayAfter: number; maxDelayMs: number }): number {
  const over = failures - delayAfter;
  return over >= 0 ? Math.min(maxDelayMs, 1000 * 2 ** Math.min(over, 20)) : 0;
}

export function createLoginThrottle({
  perPair,
  delayAfter,
  maxDelayMs,
  windowMs,
  maxKeys,
}: {
  perPair: number;
  delayAfter: number;
  maxDelayMs: number;
  windowMs: number;
  maxKeys?: number;
}): LoginThrottle {
  const windows = createWindowMap({ windowMs, maxKeys });

  return {
    attempt(keys, now = Date.now()) {
      const names = loginKeys(keys);
      const pair = windows.current(names.pair, now);
      if (pair.count >= perPair) return { ok: false, retryAfterSeconds: retryAfterSeconds(pair, now) };
      const byEmail = windows.current(names.email, now);
      const delayMs = loginDelayMs(byEmail.count, { delayAfter, maxDelayMs });
      pair.count += 1;
      byEmail.count += 1;
      return { ok: true, delayMs, emailFailures: byEmail.count };
    },
    release(keys) {
      for (const name of Object.values(loginKeys(keys))) {
        const window = windows.peek(name);
        if (window && window.count > 0) window.count -= 1;
      }
    },
    get size() {
      return windows.size;
    },
  };
}
