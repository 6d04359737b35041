import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { config } from '@/lib/config';

export type CountWindow = { count: number; resetAt: number };

/** Default bound of every limiter map (LIMITER_MAX_KEYS, 10,000): ~200 bytes an entry, about 2 MB each when full. */
const MAX_LIMITER_KEYS = config.limiterMaxKeys;
const MAX_KEY_LENGTH = 128;

/**
 * Fixed-window counters by key, at most `maxKeys` of them (lru-cache drops the least recently
 * used first). A window past its reset time counts as absent: the clock is the caller's `now`.
 * Keys are validated by callers (IP addresses, ids); a longer one is stored as its hash, never as sent.
 */
export function createWindowMap({ windowMs, maxKeys = MAX_LIMITER_KEYS }: { windowMs: number; maxKeys?: number }) {
  const windows = new LRUCache<string, CountWindow>({ max: maxKeys });
  const storedKey = (key: string) => (key.length <= MAX_KEY_LENGTH ? key : `#${createHash('sha256').update(key).digest('hex')}`);

  return {
    /** The live window of `key`, a fresh one (count 0) when it had none or it expired. */
    current(key: string, now: number): CountWindow {
      const stored = storedKey(key);
      const existing = windows.get(stored);
      if (existing && existing.resetAt > now) return existing;
      const fresh = { count: 0, resetAt: now + windowMs };
      windows.set(stored, fresh);
      return fresh;
    },
    peek(key: string): CountWindow | undefined {
      return windows.peek(storedKey(key));
    },
    get size() {
      return windows.size;
    },
  };
}

export const retryAfterSeconds = (window: CountWindow, now: number) => Math.max(1, Math.ceil((window.resetAt - now) / 1000));
