import 'server-only';
import { sharedOrMemory } from '@/lib/api/rate-limit';
import { consumeKey, createPostgresStore, rewardKey } from '@/lib/api/rate-limit-store';
import { createLoginThrottle, loginCounters, type LoginKeys, type LoginLimit, type LoginLimits, type LoginVerdict } from './login-throttle';

/** A verdict and how to give the attempt back (it succeeded, or the server could not judge it). */
export type LoginAttempt = LoginVerdict & { release: () => Promise<void> };

/**
 * The login throttle of lib/auth/login-throttle.ts, counted in PostgreSQL when DATABASE_URL is
 * set (the same limits on every instance, in all), in memory on PGlite or while PostgreSQL fails
 * (see sharedOrMemory).
 */
export function createSharedLoginThrottle(limits: LoginLimits) {
  const memory = createLoginThrottle(limits);
  const stores = {
    pair: createPostgresStore({ name: 'login-pair', limit: limits.perPair, windowMs: limits.windowMs }),
    account: createPostgresStore({ name: 'login-account', limit: limits.perAccount, windowMs: limits.windowMs }),
    client: createPostgresStore({ name: 'login-client', limit: limits.perClient, windowMs: limits.windowMs }),
  };
  const shared = stores.pair && stores.account && stores.client;

  const inMemory = (keys: LoginKeys): LoginAttempt => ({ ...memory.attempt(keys), release: async () => memory.release(keys) });

  const inPostgres = async (keys: LoginKeys): Promise<LoginAttempt> => {
    const consumed: { store: Awaited<ReturnType<NonNullable<typeof stores.pair>>>; key: string }[] = [];
    const giveBack = () =>
      Promise.all(consumed.map(({ store, key }) => rewardKey(store, key))).then(
        () => undefined,
        () => undefined,
      );
    const counts: Partial<Record<LoginLimit, number>> = {};
    for (const counter of loginCounters(keys, limits)) {
      const store = await stores[counter.limit]!();
      const verdict = await consumeKey(store, counter.key);
      if (!verdict.ok) {
        // Refused by this counter: the ones already counted take nothing for an attempt never judged.
        await giveBack();
        return { ok: false, retryAfterSeconds: verdict.retryAfterSeconds, limit: counter.limit, release: async () => undefined };
      }
      consumed.push({ store, key: counter.key });
      counts[counter.limit] = verdict.consumed;
    }
    return { ok: true, accountFailures: counts.account ?? 0, clientFailures: counts.client ?? 0, release: giveBack };
  };

  /** Gives back an attempt counted by an earlier request (a right password, once its second factor held). */
  const release = (keys: LoginKeys): Promise<void> =>
    shared
      ? sharedOrMemory(
          async () => {
            for (const counter of loginCounters(keys, limits)) await rewardKey(await stores[counter.limit]!(), counter.key);
          },
          () => memory.release(keys),
        )
      : Promise.resolve(memory.release(keys));

  return {
    release,
    attempt: (keys: LoginKeys): Promise<LoginAttempt> =>
      shared
        ? sharedOrMemory(
            () => inPostgres(keys),
            () => inMemory(keys),
          )
        : Promise.resolve(inMemory(keys)),
  };
}
