import { describe, expect, it } from 'vitest';
import { reserve, type Pace } from '@/lib/files/pace';

const MB = 1024 * 1024;

describe('the shared upload pace', () => {
  it('lets a short upload through at once, then holds every upload to the rate together', () => {
    const pace: Pace = { due: 0 };
    // 4 MB at 20 MB/s is 200 ms of the rate: within the 250 ms of slack, nothing waits.
    expect(reserve(pace, 4 * MB, 20 * MB, 1_000)).toBe(0);
    // Two uploads' chunks arriving at the same instant share the rate: each 1 MB adds 50 ms.
    expect(reserve(pace, 1 * MB, 20 * MB, 1_000)).toBe(0);
    expect(reserve(pace, 1 * MB, 20 * MB, 1_000)).toBe(0);
    expect(reserve(pace, 1 * MB, 20 * MB, 1_000)).toBeCloseTo(50);
    expect(reserve(pace, 1 * MB, 20 * MB, 1_000)).toBeCloseTo(100);
  });

  it('does not bank idle time beyond its slack', () => {
    const pace: Pace = { due: 0 };
    reserve(pace, 20 * MB, 20 * MB, 0);
    // A minute later the rate is free again, but only the slack passes at once.
    expect(reserve(pace, 5 * MB, 20 * MB, 60_000)).toBe(0);
    expect(reserve(pace, 5 * MB, 20 * MB, 60_000)).toBeCloseTo(0);
    expect(reserve(pace, 5 * MB, 20 * MB, 60_000)).toBeCloseTo(250);
  });
});
