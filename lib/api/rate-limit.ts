import { createWindowMap, retryAfterSeconds } from './window-map';

/**
 * In-memory fixed-window limiter: enough for one instance; each instance counts on its own.
 * Memory is bounded by the window map (expired windows swept, at most `maxKeys` keys).
 */
export function createRateLimiter({ limit, windowMs, maxKeys }: { limit: number; windowMs: number; maxKeys?: number }) {
  const windows = createWindowMap({ windowMs, maxKeys });
  const check = (key: string, now: number = Date.now()): { ok: true } | { ok: false; retryAfterSeconds: number } => {
    const current = windows.current(key, now);
    current.count += 1;
    if (current.count <= limit) return { ok: true };
    return { ok: false, retryAfterSeconds: retryAfterSeconds(current, now) };
  };
  return Object.assign(check, { get size() { return windows.size; } });
}
