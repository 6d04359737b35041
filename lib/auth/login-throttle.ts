import { limitKey } from '@/lib/api/limit-key';
import { createWindowMap, retryAfterSeconds } from '@/lib/api/window-map';

/**
 * Failed logins, counted three ways in one window: per (e-mail, client), per e-mail (the
 * operator's account, whatever the clients) and per client (whatever the e-mails). Each is
 * blocked at its own limit before any password is hashed: a client guessing one account, a
 * crowd of addresses guessing one account, and one client trying addresses at random all end
 * in cheap 429s. A browser the operator signed in from before (`knownDevice`) is counted by the
 * pair only: a flood against the account never locks its owner out. An attempt is counted before
 * its password is checked (parallel guesses can't all slip under a limit) and given back when it
 * succeeds, so only failures use up the budget.
 */
export type LoginKeys = { email: string; client: string; knownDevice?: boolean };
export type LoginLimit = 'pair' | 'account' | 'client';
export type LoginVerdict = { ok: true; accountFailures: number; clientFailures: number } | { ok: false; retryAfterSeconds: number; limit: LoginLimit };
export type LoginLimits = { perPair: number; perAccount: number; perClient: number; windowMs: number };

export type LoginThrottle = {
  attempt(keys: LoginKeys, now?: number): LoginVerdict;
  /** Gives an attempt back: it succeeded, or the server failed before it could judge it. */
  release(keys: LoginKeys): void;
  readonly size: number;
};

/** The counters an attempt uses, with their limits: the pair always, account and client for strangers. */
export function loginCounters({ email, client, knownDevice = false }: LoginKeys, limits: LoginLimits) {
  const normalized = email.trim().toLowerCase();
  // An IPv6 client is counted per /64 (lib/api/limit-key.ts).
  const counted = limitKey(client);
  const counters: { limit: LoginLimit; key: string; max: number }[] = [{ limit: 'pair', key: `pair:${normalized}|${counted}`, max: limits.perPair }];
  if (!knownDevice) {
    counters.push({ limit: 'account', key: `email:${normalized}`, max: limits.perAccount });
    counters.push({ limit: 'client', key: `client:${counted}`, max: limits.perClient });
  }
  return counters;
}

export function createLoginThrottle(limits: LoginLimits & { maxKeys?: number }): LoginThrottle {
  const windows = createWindowMap({ windowMs: limits.windowMs, maxKeys: limits.maxKeys });

  return {
    attempt(keys, now = Date.now()) {
      const counters = loginCounters(keys, limits).map((counter) => ({ ...counter, window: windows.current(counter.key, now) }));
      const full = counters.find((counter) => counter.window.count >= counter.max);
      if (full) return { ok: false, retryAfterSeconds: retryAfterSeconds(full.window, now), limit: full.limit };
      for (const counter of counters) counter.window.count += 1;
      const count = (limit: LoginLimit) => counters.find((counter) => counter.limit === limit)?.window.count ?? 0;
      return { ok: true, accountFailures: count('account'), clientFailures: count('client') };
    },
    release(keys) {
      for (const { key } of loginCounters(keys, limits)) {
        const window = windows.peek(key);
        if (window && window.count > 0) window.count -= 1;
      }
    },
    get size() {
      return windows.size;
    },
  };
}
