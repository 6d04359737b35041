import type { EventMap, EventName } from './types';
import { describeError } from '@/lib/log/describe-error';

// A small typed event bus, one per process: use cases emit after their own work is committed, and
// the subscribers registered at start-up (lib/subscribers.ts) do what follows. A subscriber's
// failure is logged and never fails the use case nor the other subscribers.

export type Handler<N extends EventName> = (payload: EventMap[N]) => unknown;
type Subscription = { subscriber: string; handler: (payload: unknown) => unknown };

// On globalThis: Next evaluates a module once per bundle (instrumentation, each route), and the
// subscriptions made at start-up must reach the routes that emit.
const BUS = Symbol.for('maurice-expat.event-bus');
const holder = globalThis as { [BUS]?: Map<EventName, Subscription[]> };
const subscriptions: Map<EventName, Subscription[]> = (holder[BUS] ??= new Map());

/** Subscribes `handler` under the name logs use for it; returns the unsubscribe. */
export function on<N extends EventName>(name: N, subscriber: string, handler: Handler<N>): () => void {
  const subscription: Subscription = { subscriber, handler: handler as (payload: unknown) => unknown };
  subscriptions.set(name, [...(subscriptions.get(name) ?? []), subscription]);
  return () =>
    subscriptions.set(
      name,
      (subscriptions.get(name) ?? []).filter((entry) => entry !== subscription),
    );
}

/**
 * Calls every subscriber of `name` at once, in the order they subscribed, and resolves when all
 * have settled. Never rejects: a use case that must not wait (a visitor's request) does not await
 * it; one whose answer promises the effects (a logout removing its devices) does.
 */
export async function emit<N extends EventName>(name: N, payload: EventMap[N]): Promise<void> {
  const running = (subscriptions.get(name) ?? []).map(({ subscriber, handler }) => {
    try {
      return Promise.resolve(handler(payload)).catch((error: unknown) => logFailure(name, subscriber, error));
    } catch (error) {
      logFailure(name, subscriber, error);
      return Promise.resolve();
    }
  });
  await Promise.all(running);
}

// The event's name and the error (lib/log: no values), never the payload: it holds names, addresses and messages.
function logFailure(name: EventName, subscriber: string, error: unknown) {
  console.error(`[events] ${name} → ${subscriber} failed: ${describeError(error)}`);
}
