import 'server-only';
import { createNotifyThrottle, shouldNotify, type NotifyThrottle } from './decide';
import type { ChatMessageEvent } from './events';
import { describeError } from '@/lib/log/describe-error';
import { notifyLog } from './log';
import { notifyOperator, type NotifyOptions } from './notify-operator';

export type ChatNotificationInput = Omit<ChatMessageEvent, 'kind'> & { operatorsOnline: number };
export type ChatNotificationOptions = NotifyOptions & { throttle?: NotifyThrottle; nowMs?: number };

const defaultThrottle = createNotifyThrottle();

/**
 * Applies the rule and the per-session throttle synchronously (so a burst of messages
 * yields one notification), then notifies in the background. The promise never rejects
 * and resolves to whether a notification was sent for this message; callers need not await it.
 */
export function notifyChatMessage(
  { session, message, firstOfConversation, operatorsOnline }: ChatNotificationInput,
  { throttle = defaultThrottle, nowMs = Date.now(), ...options }: ChatNotificationOptions = {},
): Promise<boolean> {
  try {
    const lastNotifiedAt = throttle.lastNotifiedAt(session.id);
    if (!shouldNotify({ firstOfConversation, operatorsOnline, lastNotifiedAt, now: nowMs })) {
      return Promise.resolve(false);
    }
    throttle.record(session.id, nowMs);
    const event: ChatMessageEvent = { kind: 'chat_message', session, message, firstOfConversation };
    return notifyOperator(event, options).then(() => true);
  } catch (error) {
    notifyLog.error(`chat notification for ${session?.id} skipped: ${describeError(error)}`);
    return Promise.resolve(false);
  }
}
