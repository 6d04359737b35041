import { describe, expect, it } from 'vitest';
import { planCacheControl } from '@/lib/plan/cache';

describe('planCacheControl', () => {
  it('lets a plan be kept until the next midnight in Mauritius (UTC+4), not beyond', () => {
    // 2026-11-25 19:00 UTC is 23:00 in Port Louis: one hour to go.
    expect(planCacheControl(new Date('2026-11-25T19:00:00Z'))).toBe('public, max-age=3600, s-maxage=3600');
    // 20:00 UTC is midnight there: a whole day.
    expect(planCacheControl(new Date('2026-11-25T20:00:00Z'))).toBe('public, max-age=86400, s-maxage=86400');
    // 19:59:59.5 UTC: half a second left rounds down to 0, never a day too long.
    expect(planCacheControl(new Date('2026-11-25T19:59:59.500Z'))).toBe('public, max-age=0, s-maxage=0');
  });
});
