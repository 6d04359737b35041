import { config } from '@/lib/config';
import { isJobStarted, triggerJob } from '@/lib/jobs';

// Light on purpose: the push subscriber of chat messages calls it; web-push loads with the first push.

/** The unread job's name in the jobs registry (lib/scheduled-jobs.ts). */
export const PUSH_UNREAD_JOB = 'push-unread';

const BUCKET_MS = 100;
const TIMERS = Symbol.for('maurice-expat.push-unread-timers');
const holder = globalThis as { [TIMERS]?: Set<number> };
const timers = (holder[TIMERS] ??= new Set());

/**
 * A visitor's message was saved here: the unread job runs when it comes due (PUSH_UNREAD_DELAY
 * later, to the next 0.1 s), on this instance, rather than at the next periodic run.
 */
export function pokeUnreadJob({ delayMs = config.push.unreadDelayMs, now = Date.now() }: { delayMs?: number; now?: number } = {}) {
  if (!isJobStarted(PUSH_UNREAD_JOB)) return;
  // After the visitor's answer is written (PGlite's queries run on this thread).
  if (delayMs === 0) return void setImmediate(() => triggerJob(PUSH_UNREAD_JOB));
  const due = Math.ceil((now + delayMs) / BUCKET_MS) * BUCKET_MS;
  if (timers.has(due)) return;
  timers.add(due);
  setTimeout(
    () => {
      timers.delete(due);
      triggerJob(PUSH_UNREAD_JOB);
    },
    due - now + 20,
  ).unref();
}
