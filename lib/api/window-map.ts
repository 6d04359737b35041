import { createHash } from 'node:crypto';
import { config } from '@/lib/config';

export type CountWindow = { count: number; resetAt: number };

/** Default bound of every limiter map (LIMITER_MAX_KEYS, 10,000): ~200 bytes an entry, about 2 MB each when full. */
const MAX_LIMITER_KEYS = config.limiterMaxKeys;
const MAX_KEY_LENGTH = 128;

/**
 * Fixed-window counters by key, bounded twice: expired windows are swept once per window, and
 * past `maxKeys` the oldest window is dropped (a Map iterates in insertion order). Keys are
 * validated by callers (IP addresses, ids); a longer one is stored as its hash, never as sent.
 */
export function createWindowMap({ windowMs, maxKeys = MAX_LIMITER_KEYS }: { windowMs: number; maxKeys?: number }) {
  const windows = new Map<string, CountWindow>();
  let lastSweep = 0;

  function sweep(now: number) {
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }

  const storedKey = (key: string) => (key.length <= MAX_KEY_LENGTH ? key : `#${createHash('sha256').update(key).digest('hex')}`);

  return {
    /** The live window of `key`, a fresh one (count 0) when it had none or it expired. */
    current(key: string, now: number): CountWindow {
      sweep(now);
      const stored = storedKey(key);
      const existing = windows.get(stored);
      if (existing && existing.resetAt > now) return existing;
      if (existing) windows.delete(stored);
      while (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
      const fresh = { count: 0, resetAt: now + windowMs };
      windows.set(stored, fresh);
      return fresh;
    },
    peek(key: string): CountWindow | undefined {
      return windows.get(storedKey(key));
    },
    get size() {
      return windows.size;
    },
  };
}

export const retryAfterSeconds = (window: CountWindow, now: number) => Math.max(1, Math.ceil((window.resetAt - now) / 1000));
