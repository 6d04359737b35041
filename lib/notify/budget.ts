import type { DigestEvent, NotifyEvent } from './events';

/**
 * The operator's notifications per window (an hour), for the whole process: past `perWindow`,
 * events are only counted, and one digest saying how many were held back (by kind) is sent when
 * the window ends. A flood of new conversations or leads then costs one mail, not thousands.
 */
export function createNotifyBudget({
  perWindow,
  windowMs = 60 * 60_000,
  sendDigest,
  schedule = (run, ms) => setTimeout(run, ms).unref(),
}: {
  perWindow: number;
  windowMs?: number;
  sendDigest: (digest: DigestEvent) => void;
  schedule?: (run: () => void, ms: number) => void;
}) {
  let windowStart = -Infinity;
  let sent = 0;
  let held: Record<string, number> = {};

  const flush = () => {
    const suppressed = Object.values(held).reduce((sum, count) => sum + count, 0);
    if (suppressed > 0) sendDigest({ kind: 'digest', digest: { suppressed, byKind: held, windowMinutes: Math.round(windowMs / 60_000) } });
    held = {};
  };

  return function allow(event: NotifyEvent, now: number = Date.now()): boolean {
    if (now - windowStart >= windowMs) {
      windowStart = now;
      sent = 0;
    }
    if (sent < perWindow) {
      sent += 1;
      return true;
    }
    if (Object.keys(held).length === 0) schedule(flush, windowStart + windowMs - now);
    held[event.kind] = (held[event.kind] ?? 0) + 1;
    return false;
  };
}
