import { describe, expect, it } from 'vitest';
import { NOTIFY_THROTTLE_MS } from '@/lib/notify/constants';
import { createNotifyThrottle, shouldNotify } from '@/lib/notify/decide';

const NOW = 1_700_000_000_000;
const MINUTE = 60_000;

describe('shouldNotify', () => {
  it.each([
    // firstOfConversation, operatorsOnline, lastNotifiedAt, expected
    [true, 0, null, true],
    [true, 2, null, true],
    [true, 1, NOW - 1_000, true],
    [false, 0, null, true],
    [false, 0, NOW - 2 * MINUTE, true],
    [false, 0, NOW - 2 * MINUTE + 1, false],
    [false, 0, NOW - 10_000, false],
    [false, 1, null, false],
    [false, 3, NOW - 60 * MINUTE, false],
  ])('first=%s operators=%i lastNotifiedAt=%s → %s', (firstOfConversation, operatorsOnline, lastNotifiedAt, expected) => {
    expect(shouldNotify({ firstOfConversation, operatorsOnline, lastNotifiedAt, now: NOW })).toBe(expected);
  });

  it('throttles for two minutes by default and honours another window', () => {
    expect(NOTIFY_THROTTLE_MS).toBe(2 * MINUTE);
    const input = { firstOfConversation: false, operatorsOnline: 0, lastNotifiedAt: NOW - MINUTE, now: NOW };
    expect(shouldNotify(input)).toBe(false);
    expect(shouldNotify({ ...input, throttleMs: 30_000 })).toBe(true);
  });
});

describe('createNotifyThrottle', () => {
  it('remembers the last notification per session', () => {
    const throttle = createNotifyThrottle();
    expect(throttle.lastNotifiedAt('a')).toBeNull();
    throttle.record('a', NOW);
    throttle.record('b', NOW + 1);
    throttle.record('a', NOW + 2);
    expect([throttle.lastNotifiedAt('a'), throttle.lastNotifiedAt('b')]).toEqual([NOW + 2, NOW + 1]);
  });

  it('stays bounded: expired entries go first, then the oldest', () => {
    const throttle = createNotifyThrottle({ windowMs: MINUTE, maxEntries: 3 });
    throttle.record('old-1', NOW);
    throttle.record('old-2', NOW + 1);
    throttle.record('fresh', NOW + MINUTE);
    throttle.record('new', NOW + MINUTE + 2);
    expect(throttle.size()).toBe(2);
    expect(throttle.lastNotifiedAt('old-1')).toBeNull();
    throttle.record('x', NOW + MINUTE + 3);
    throttle.record('y', NOW + MINUTE + 4);
    expect(throttle.size()).toBe(3);
    expect(throttle.lastNotifiedAt('fresh')).toBeNull();
    expect(throttle.lastNotifiedAt('y')).toBe(NOW + MINUTE + 4);
  });
});
