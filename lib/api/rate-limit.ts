import { createWindowedLog } from './windowed-log';
import { createPostgresCounter, type RateVerdict } from './rate-limit-store';
import { createWindowMap, retryAfterSeconds } from './window-map';
import { describeError } from '@/lib/log/describe-error';

export type { RateVerdict };

/** How long a request waits for PostgreSQL's count before this instance counts it in memory. */
const STORE_TIMEOUT_MS = 1000;

const fallbackLog = createWindowedLog({ windowMs: 60_000, write: (line) => console.error(`[rate-limit] ${line}`) });

/**
 * In-memory fixed-window limiter: each instance counts on its own. Memory is bounded by the window
 * map (expired windows swept, at most `maxKeys` keys).
 */
export function createMemoryLimiter({ limit, windowMs, maxKeys }: { limit: number; windowMs: number; maxKeys?: number }) {
  const windows = createWindowMap({ windowMs, maxKeys });
  const check = (key: string, now: number = Date.now()): RateVerdict => {
    const current = windows.current(key, now);
    current.count += 1;
    if (current.count <= limit) return { ok: true };
    return { ok: false, retryAfterSeconds: retryAfterSeconds(current, now) };
  };
  return Object.assign(check, {
    get size() {
      return windows.size;
    },
  });
}

function withinTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Fixed-window limiter named `name` (unique per limiter: it prefixes the keys). With PostgreSQL
 * (DATABASE_URL) every instance counts in one table, so a client gets the limit once whatever the
 * number of instances; with PGlite (one instance) it counts in memory (see sharedOrMemory).
 */
export function createRateLimiter({ name, limit, windowMs, maxKeys }: { name: string; limit: number; windowMs: number; maxKeys?: number }) {
  const memory = createMemoryLimiter({ limit, windowMs, maxKeys });
  const shared = createPostgresCounter({ name, limit, windowMs });
  return async function check(key: string): Promise<RateVerdict> {
    return shared
      ? sharedOrMemory(
          () => shared(key),
          () => memory(key),
        )
      : memory(key);
  };
}

/**
 * PostgreSQL's count, or this instance's memory when PostgreSQL fails or takes over a second
 * (logged once a minute with a count): a limiter never turns a request into an error.
 */
export async function sharedOrMemory<T>(shared: () => Promise<T>, memory: () => T): Promise<T> {
  try {
    return await withinTimeout(shared(), STORE_TIMEOUT_MS);
  } catch (error) {
    fallbackLog('store', `counting in memory, PostgreSQL failed: ${describeError(error)}`);
    return memory();
  }
}
