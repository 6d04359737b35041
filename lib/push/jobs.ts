import 'server-only';
import { LRUCache } from 'lru-cache';
import { config } from '@/lib/config';
import { FOLLOW_UP_LOOKBACK_MS, UNREAD_LOOKBACK_MS } from './constants';
import { claimUnreadMessages, listDueFollowUps } from './event-queries';
import { eventKey, type PushEvent } from './payload';
import { JOBS_STATE, jobsHolder } from './poke';
import { hasSubscriptions } from './queries';
import { pushLog } from './log';

// The sender (and web-push) loads once a device is subscribed, not with the jobs: a server nobody
// subscribed to never holds it.
const sender = () => import('./sender');

// Every instance runs both jobs; the database decides which one pushes what (the unread job moves
// `operator_pushed_through_id`, like the reply mails' job moves `visitor_emailed_through_id`;
// follow-ups are claimed per event and device, like the daily digest's `job_claims`).

/** One run of the unread job: claims the due conversations and pushes each. Returns the events pushed. */
export async function pushUnreadMessages({ delayMs = config.push.unreadDelayMs }: { delayMs?: number } = {}): Promise<number> {
  if (!(await hasSubscriptions())) return 0;
  const { deliverEvent } = await sender();
  let pushed = 0;
  for (;;) {
    const claims = await claimUnreadMessages({ delayMs, lookbackMs: UNREAD_LOOKBACK_MS });
    for (const claim of claims) {
      await deliverEvent({ kind: 'unread', ...claim });
      pushed += 1;
    }
    if (claims.length < 20) return pushed;
  }
}

// Follow-ups this process has already claimed (each run would otherwise try them again all day).
const followUpsDone = new LRUCache<string, true>({ max: 10_000 });

/** One run of the follow-up job: every follow-up that came due, once per event and device. */
export async function pushDueFollowUps(): Promise<number> {
  if (!(await hasSubscriptions())) return 0;
  const { deliverEvent } = await sender();
  let pushed = 0;
  for (const due of await listDueFollowUps({ lookbackMs: FOLLOW_UP_LOOKBACK_MS })) {
    const event: PushEvent = { kind: 'follow_up', ...due };
    const key = eventKey(event);
    if (followUpsDone.has(key)) continue;
    followUpsDone.set(key, true);
    pushed += (await deliverEvent(event)) > 0 ? 1 : 0;
  }
  return pushed;
}

/** Runs `job` now or as soon as the run in progress ends (never two at once, never a run lost). */
function serialised(job: () => Promise<unknown>, name: string) {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    job()
      .catch((error: Error) => pushLog.warn(`${name}: ${error.message}`))
      .finally(() => {
        running = false;
        if (again) run();
      });
  };
  return run;
}

/** The periodic runs of both jobs: every quarter of the delay, within 1–30 s (two indexed queries when nothing is due). */
export function schedulePushJobs({ delayMs = config.push.unreadDelayMs }: { delayMs?: number } = {}) {
  if (jobsHolder[JOBS_STATE]) return;
  const runUnread = serialised(() => pushUnreadMessages({ delayMs }), 'unread messages');
  const runFollowUps = serialised(pushDueFollowUps, 'follow-ups');
  jobsHolder[JOBS_STATE] = { runUnread, timers: new Set() };
  const tick = () => {
    runUnread();
    runFollowUps();
  };
  setInterval(tick, Math.min(30_000, Math.max(1_000, delayMs / 4))).unref();
}
