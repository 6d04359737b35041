import 'server-only';
import webpush from 'web-push';
import { createWindowedLog } from '@/lib/api/windowed-log';
import { config } from '@/lib/config';
import { describeError } from '@/lib/log/describe-error';
import { PUSH_TIMEOUT_MS, PUSH_TTL_SECONDS } from './constants';
import { pushLog } from './log';
import { eventKey, formatPush, type PushEvent } from './payload';
import { claimDeliveries, deleteSubscription, markDelivered, type PushTarget } from './queries';
import { createPushQueue, type JobEnd, type PushJob } from './queue';
import { postPush } from './transport';
import { getVapidKeys, vapidSubject } from './vapid-keys';

// Failures can come by the thousand (a push service down): one line per kind and hour, then the count.
const failureLog = createWindowedLog({ windowMs: 60 * 60_000, write: pushLog.warn });

type Job = PushJob & { target: PushTarget; payload: string; urgency: 'normal' | 'high' };

function send(job: Job) {
  const keys = getVapidKeys();
  const request = webpush.generateRequestDetails({ endpoint: job.target.endpoint, keys: { p256dh: job.target.p256dh, auth: job.target.auth } }, job.payload, {
    vapidDetails: { subject: vapidSubject(), publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: PUSH_TTL_SECONDS,
    urgency: job.urgency,
    contentEncoding: 'aes128gcm',
  });
  return postPush(
    { endpoint: request.endpoint, headers: request.headers as Record<string, string | number>, body: request.body },
    { timeoutMs: PUSH_TIMEOUT_MS, allowLoopback: config.push.allowLoopback },
  );
}

function onEnd(job: Job, end: JobEnd, detail: string) {
  const label = `${job.label} → device ${job.subscriptionId}`;
  if (end === 'delivered') {
    void markDelivered({ id: job.subscriptionId }).catch(() => undefined);
  } else if (end === 'gone') {
    pushLog.info(`${label}: the push service answered ${detail}, subscription removed`);
    void deleteSubscription({ id: job.subscriptionId }).catch((error: unknown) =>
      pushLog.warn(`removing device ${job.subscriptionId} failed: ${describeError(error)}`),
    );
  } else {
    failureLog(end, `${label}: not delivered (${end}: ${describeError(detail)})`);
  }
}

const QUEUE = Symbol.for('maurice-expat.push-queue');
const holder = globalThis as { [QUEUE]?: ReturnType<typeof createPushQueue<Job>> };
const queue = (holder[QUEUE] ??= createPushQueue<Job>({ send, onEnd }));

const URGENCY: Record<PushEvent['kind'], Job['urgency']> = {
  conversation: 'high',
  unread: 'high',
  lead: 'high',
  follow_up: 'normal',
  test: 'high',
  backup: 'high',
  dossier: 'normal',
  security: 'high',
};

/**
 * Claims the event for each device (see claimDeliveries) and queues one push per device won.
 * Resolves once the claims are made, long before the pushes leave; never rejects.
 */
export async function deliverEvent(event: PushEvent, { operatorId }: { operatorId?: number } = {}): Promise<number> {
  const key = eventKey(event);
  try {
    const targets = await claimDeliveries({ eventKey: key, vapidPublicKey: getVapidKeys().publicKey, operatorId });
    for (const target of targets) {
      const payload = JSON.stringify(formatPush(event, { hideText: target.hideText }));
      queue.enqueue({ subscriptionId: target.id, label: event.kind, attempt: 1, target, payload, urgency: URGENCY[event.kind] });
    }
    return targets.length;
  } catch (error) {
    failureLog('claim', `${event.kind}: not pushed, the claim failed: ${describeError(error)}`);
    return 0;
  }
}
