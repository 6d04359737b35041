import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from '@/components/admin/shell/format';

describe('relative times in the console', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it('says how long ago in the largest whole unit, in French', () => {
    expect(formatRelativeTime('2026-11-23T09:59:58Z', now)).toBe('il y a 2 secondes');
    expect(formatRelativeTime('2026-11-23T09:57:00Z', now)).toBe('il y a 3 minutes');
    expect(formatRelativeTime('2026-11-23T07:00:00Z', now)).toBe('il y a 3 heures');
    expect(formatRelativeTime('2026-11-22T09:00:00Z', now)).toBe('hier');
    expect(formatRelativeTime('2026-11-13T10:00:00Z', now)).toBe('il y a 10 jours');
  });

  it('never speaks of the future: a clock slightly behind the server reads "maintenant"', () => {
    expect(formatRelativeTime('2026-11-23T10:00:04Z', now)).toBe('maintenant');
    expect(formatRelativeTime('2026-11-23T10:00:00Z', now)).toBe('maintenant');
  });
});
