import 'server-only';
import { sharedOrMemory } from '@/lib/api/rate-limit';
import { consumeKey, createPostgresStore, rewardKey } from '@/lib/api/rate-limit-store';
import { createWindowMap, retryAfterSeconds } from '@/lib/api/window-map';

/**
 * Second-factor answers (codes, passkeys) per operator account, whatever the session, client or
 * instance: each is counted before it is judged, so parallel answers cannot all slip under the
 * limit, and a success gives its own back. Past the limit the factor step is refused until the
 * window ends. Counted in PostgreSQL with DATABASE_URL (every instance in one count), in memory on
 * PGlite or while PostgreSQL fails (see sharedOrMemory).
 */
export type FactorLimits = { perAccount: number; windowMs: number };
export type FactorVerdict =
  /** `failures`: this attempt included, had it failed; `succeeded` gives it back. */
  { ok: true; failures: number; succeeded: () => Promise<void> } | { ok: false; retryAfterSeconds: number };

const keyOf = (operatorId: number) => `factor:${operatorId}`;

export function createFactorThrottle(limits: FactorLimits & { maxKeys?: number }) {
  const windows = createWindowMap({ windowMs: limits.windowMs, maxKeys: limits.maxKeys });
  const store = createPostgresStore({ name: 'login-factor', limit: limits.perAccount, windowMs: limits.windowMs });

  const inMemory = (operatorId: number, now = Date.now()): FactorVerdict => {
    const window = windows.current(keyOf(operatorId), now);
    if (window.count >= limits.perAccount) return { ok: false, retryAfterSeconds: retryAfterSeconds(window, now) };
    window.count += 1;
    return {
      ok: true,
      failures: window.count,
      succeeded: async () => {
        if (window.count > 0) window.count -= 1;
      },
    };
  };

  const inPostgres = async (operatorId: number): Promise<FactorVerdict> => {
    const limiter = await store!();
    const verdict = await consumeKey(limiter, keyOf(operatorId));
    if (!verdict.ok) return { ok: false, retryAfterSeconds: verdict.retryAfterSeconds };
    return { ok: true, failures: verdict.consumed, succeeded: () => rewardKey(limiter, keyOf(operatorId)).catch(() => undefined) };
  };

  return {
    attempt: (operatorId: number, now?: number): Promise<FactorVerdict> =>
      store
        ? sharedOrMemory(
            () => inPostgres(operatorId),
            () => inMemory(operatorId),
          )
        : Promise.resolve(inMemory(operatorId, now)),
  };
}
