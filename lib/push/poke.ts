import { config } from '@/lib/config';

// Light on purpose: the chat's message route imports it; the jobs load at start-up, web-push with
// the first push.

export const JOBS_STATE = Symbol.for('maurice-expat.push-jobs');
export type JobsState = { runUnread: () => void; timers: Set<number> };
export const jobsHolder = globalThis as { [JOBS_STATE]?: JobsState };

const BUCKET_MS = 100;

/**
 * A visitor's message was saved here: the unread job runs when it comes due (PUSH_UNREAD_DELAY
 * later, to the next 0.1 s), on this instance, rather than at the next periodic run.
 */
export function pokeUnreadJob({ delayMs = config.push.unreadDelayMs, now = Date.now() }: { delayMs?: number; now?: number } = {}) {
  const state = jobsHolder[JOBS_STATE];
  if (!state) return;
  // After the visitor's answer is written (PGlite's queries run on this thread).
  if (delayMs === 0) return void setImmediate(state.runUnread);
  const due = Math.ceil((now + delayMs) / BUCKET_MS) * BUCKET_MS;
  if (state.timers.has(due)) return;
  state.timers.add(due);
  setTimeout(
    () => {
      state.timers.delete(due);
      state.runUnread();
    },
    due - now + 20,
  ).unref();
}
