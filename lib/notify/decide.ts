import { NOTIFY_THROTTLE_MS } from './constants';

export type NotifyDecisionInput = {
  firstOfConversation: boolean;
  operatorsOnline: number;
  /** Epoch ms of this session's last notification, if any. */
  lastNotifiedAt: number | null | undefined;
  now: number;
  throttleMs?: number;
};

/**
 * The first message of a conversation always notifies; later ones only while no operator
 * console is open, and at most once per throttle window.
 */
export function shouldNotify({ firstOfConversation, operatorsOnline, lastNotifiedAt, now, throttleMs = NOTIFY_THROTTLE_MS }: NotifyDecisionInput): boolean {
  if (firstOfConversation) return true;
  if (operatorsOnline > 0) return false;
  return lastNotifiedAt == null || now - lastNotifiedAt >= throttleMs;
}

export type NotifyThrottle = {
  lastNotifiedAt(key: string): number | null;
  record(key: string, at: number): void;
  size(): number;
};

/** In-memory, per process; entries older than the window are dropped once the map grows. */
export function createNotifyThrottle({ windowMs = NOTIFY_THROTTLE_MS, maxEntries = 10_000 }: { windowMs?: number; maxEntries?: number } = {}): NotifyThrottle {
  const last = new Map<string, number>();
  function prune(now: number) {
    for (const [key, at] of last) {
      if (last.size <= maxEntries && now - at < windowMs) break;
      last.delete(key);
    }
  }
  return {
    lastNotifiedAt: (key) => last.get(key) ?? null,
    record(key, at) {
      // Re-inserting keeps the map in notification order, oldest first, for prune().
      last.delete(key);
      last.set(key, at);
      if (last.size > maxEntries) prune(at);
    },
    size: () => last.size,
  };
}
