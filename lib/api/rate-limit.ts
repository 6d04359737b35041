/**
 * In-memory fixed-window limiter: enough for one instance; each instance counts on its own.
 * Windows are dropped once expired, so memory stays bounded by the active keys.
 */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = 0;

  function sweep(now: number) {
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }

  return function check(key: string, now: number = Date.now()): { ok: true } | { ok: false; retryAfterSeconds: number } {
    sweep(now);
    const current = windows.get(key);
    if (!current || current.resetAt <= now) {
      windows.set(key, { count: 1, resetAt: now + windowMs });
      return { ok: true };
    }
    current.count += 1;
    if (current.count <= limit) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((current.resetAt - now) / 1000)) };
  };
}
