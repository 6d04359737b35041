import 'server-only';
import { sharedOrMemory } from '@/lib/api/rate-limit';
import { consumeKey, createPostgresStore, rewardKey } from '@/lib/api/rate-limit-store';
import { createLoginThrottle, loginDelayMs, loginKeys, type LoginVerdict } from './login-throttle';

/** A verdict and how to give the attempt back (it succeeded, or the server could not judge it). */
export type LoginAttempt = LoginVerdict & { release: () => Promise<void> };
type Keys = { email: string; client: string };

// An e-mail is never blocked, only counted (its failures set the delay): a limit out of reach.
const UNREACHABLE = 2 ** 30;

/**
 * The login throttle of lib/auth/login-throttle.ts, counted in PostgreSQL when DATABASE_URL is
 * set (the same rule on every instance: 5 failures per pair in all), in memory on PGlite or while
 * PostgreSQL fails (see sharedOrMemory).
 */
export function createSharedLoginThrottle(options: { perPair: number; delayAfter: number; maxDelayMs: number; windowMs: number }) {
  const memory = createLoginThrottle(options);
  const pairs = createPostgresStore({ name: 'login-pair', limit: options.perPair, windowMs: options.windowMs });
  const emails = createPostgresStore({ name: 'login-email', limit: UNREACHABLE, windowMs: options.windowMs });

  const inMemory = (keys: Keys): LoginAttempt => ({ ...memory.attempt(keys), release: async () => memory.release(keys) });

  const inPostgres = async (keys: Keys): Promise<LoginAttempt> => {
    const names = loginKeys(keys);
    const [pairStore, emailStore] = await Promise.all([pairs!(), emails!()]);
    const pair = await consumeKey(pairStore, names.pair);
    if (!pair.ok) return { ok: false, retryAfterSeconds: pair.retryAfterSeconds, release: async () => undefined };
    const email = await consumeKey(emailStore, names.email);
    const release = () =>
      Promise.all([rewardKey(pairStore, names.pair), rewardKey(emailStore, names.email)]).then(
        () => undefined,
        () => undefined,
      );
    return { ok: true, delayMs: loginDelayMs(email.consumed - 1, options), emailFailures: email.consumed, release };
  };

  return {
    attempt: (keys: Keys): Promise<LoginAttempt> =>
      pairs && emails
        ? sharedOrMemory(
            () => inPostgres(keys),
            () => inMemory(keys),
          )
        : Promise.resolve(inMemory(keys)),
  };
}
