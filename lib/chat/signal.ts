/**
 * Ephemeral chat signals carried beside the messages on the same realtime channel and SSE
 * streams: "typing" (never stored), "read" (the operator's stored read marker) and "trail" (the
 * visitor opened a page: the console rereads the trail). No server import: both browser bundles
 * load this module.
 */
import type { ChatSender } from './message';

export type ChatSignal =
  | { type: 'typing'; sessionId: string; sender: ChatSender }
  | { type: 'read'; sessionId: string; reader: 'operator'; lastReadId: number }
  | { type: 'trail'; sessionId: string };

/** The SSE event names of the signals. */
export const SIGNAL_EVENTS: readonly string[] = ['typing', 'read', 'trail'] satisfies ChatSignal['type'][];

/** At most one typing signal per this interval from a typing person. */
export const TYPING_THROTTLE_MS = 3000;
/** How long a typing signal is shown without a newer one. */
export const TYPING_SHOWN_MS = 5000;

export function isChatSignal(value: unknown): value is ChatSignal {
  if (!value || typeof value !== 'object') return false;
  const signal = value as Record<string, unknown>;
  if (typeof signal.sessionId !== 'string') return false;
  if (signal.type === 'typing') return signal.sender === 'visitor' || signal.sender === 'operator';
  if (signal.type === 'trail') return true;
  return signal.type === 'read' && signal.reader === 'operator' && typeof signal.lastReadId === 'number';
}

/** Visitor streams get the operator's signals; the console's stream gets the visitors' typing and trail. */
export function signalFor(audience: 'visitor' | 'operator', signal: ChatSignal): boolean {
  if (signal.type === 'read') return audience === 'visitor';
  if (signal.type === 'trail') return audience === 'operator';
  return signal.sender !== audience;
}

/**
 * A function that runs at most once per `ms` (leading edge): typing signals from a form. `reset()`
 * after a message is sent: the message ended the indicator, so the next keystroke signals again.
 */
export function throttle(run: () => void, ms: number = TYPING_THROTTLE_MS, now: () => number = Date.now) {
  let last = -Infinity;
  const call = () => {
    const time = now();
    if (time - last < ms) return;
    last = time;
    run();
  };
  return Object.assign(call, { reset: () => void (last = -Infinity) });
}
