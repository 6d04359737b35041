import 'server-only';
import { LRUCache } from 'lru-cache';
import { config } from '@/lib/config';
import { FOLLOW_UP_LOOKBACK_MS, UNREAD_LOOKBACK_MS } from './constants';
import { claimUnreadMessages, listDueFollowUps } from './event-queries';
import { eventKey, type PushEvent } from './payload';
import { hasSubscriptions } from './queries';

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
