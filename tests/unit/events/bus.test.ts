import { afterEach, describe, expect, it, vi } from 'vitest';
import { emit, on } from '@/lib/events';

const PERSON = { key: 'email:claire@example.com', change: 'stage' } as const;

describe('event bus', () => {
  const unsubscribes: (() => void)[] = [];
  afterEach(() => {
    unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe());
    vi.restoreAllMocks();
  });

  it('starts the subscribers in the order they subscribed and resolves once all have settled', async () => {
    const calls: string[] = [];
    unsubscribes.push(on('person.changed', 'first', () => void calls.push('first')));
    unsubscribes.push(
      on('person.changed', 'slow', async () => {
        calls.push('slow');
        await new Promise((resolve) => setTimeout(resolve, 20));
        calls.push('slow done');
      }),
    );
    unsubscribes.push(on('person.changed', 'third', () => void calls.push('third')));
    await emit('person.changed', PERSON);
    expect(calls).toEqual(['first', 'slow', 'third', 'slow done']);
  });

  it('logs a failing subscriber without the payload, and neither rejects nor stops the others', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reached: string[] = [];
    unsubscribes.push(
      on('person.changed', 'thrower', () => {
        throw new Error('could not reach claire@example.com at https://hook.example.com/secret');
      }),
    );
    unsubscribes.push(on('person.changed', 'rejecter', () => Promise.reject(new Error('down'))));
    unsubscribes.push(on('person.changed', 'survivor', ({ change }) => void reached.push(change)));
    await expect(emit('person.changed', PERSON)).resolves.toBeUndefined();
    expect(reached).toEqual(['stage']);
    const lines = error.mock.calls.map((args) => String(args[0]));
    expect(lines).toEqual(['[events] person.changed → thrower failed: could not reach [email] at [url]', '[events] person.changed → rejecter failed: down']);
  });

  it('stops calling a subscriber once unsubscribed', async () => {
    const seen: string[] = [];
    const unsubscribe = on('person.changed', 'once', ({ key }) => void seen.push(key));
    await emit('person.changed', PERSON);
    unsubscribe();
    await emit('person.changed', PERSON);
    expect(seen).toEqual([PERSON.key]);
  });
});
