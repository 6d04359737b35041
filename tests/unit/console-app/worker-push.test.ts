import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { consoleServiceWorker } from '@/lib/console-app/service-worker';

/**
 * The worker's script as the browser runs it, in a context of its own: `self` with its listeners
 * and a registration whose showNotification the test settles by hand, as a browser's may take time.
 */
function loadWorker() {
  const listeners = new Map<string, (event: unknown) => void>();
  const calls: { title: string; settle: (error?: Error) => void }[] = [];
  const self = {
    location: { origin: 'https://example.test' },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: {
      showNotification: (title: string) =>
        new Promise<void>((resolve, reject) => calls.push({ title, settle: (error) => (error ? reject(error) : resolve()) })),
    },
    skipWaiting: () => Promise.resolve(),
    clients: { claim: () => Promise.resolve() },
  };
  runInNewContext(consoleServiceWorker(), { self, URL, caches: {}, fetch: () => Promise.reject(new Error('offline')) });
  const push = (payload: object) => {
    let done: Promise<unknown> = Promise.resolve();
    listeners.get('push')!({ data: { json: () => payload }, waitUntil: (promise: Promise<unknown>) => (done = promise) });
    return done;
  };
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { push, calls, settled };
}

describe("the console worker's notifications", () => {
  it('shows one at a time: a push that comes while one is being shown waits for it, and each push waits for its own', async () => {
    const { push, calls, settled } = loadWorker();
    const first = push({ title: 'Premier' });
    const second = push({ title: 'Second' });
    await settled();
    expect(calls.map((call) => call.title)).toEqual(['Premier']);
    calls[0]!.settle();
    await first;
    await settled();
    expect(calls.map((call) => call.title)).toEqual(['Premier', 'Second']);
    let secondDone = false;
    void second.then(() => (secondDone = true));
    await settled();
    expect(secondDone).toBe(false);
    calls[1]!.settle();
    await second;
  });

  it('a notification the browser refuses fails its own push only: the next one is still shown', async () => {
    const { push, calls, settled } = loadWorker();
    const first = push({ title: 'Refusée' });
    const second = push({ title: 'Suivante' });
    await settled();
    calls[0]!.settle(new Error('permission denied'));
    await expect(first).rejects.toThrow('permission denied');
    await settled();
    expect(calls.map((call) => call.title)).toEqual(['Refusée', 'Suivante']);
    calls[1]!.settle();
    await expect(second).resolves.toBeUndefined();
  });
});
