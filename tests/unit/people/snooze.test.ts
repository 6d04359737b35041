import { describe, expect, it } from 'vitest';
import { followUpAt, muDay, snoozeUntil } from '@/lib/people/snooze';

// Wednesday 25 November 2026, 23:30 in Mauritius (19:30 UTC).
const WEDNESDAY_NIGHT = new Date('2026-11-25T19:30:00Z');

describe('snooze times (Mauritius)', () => {
  it('"demain 9 h" is 9:00 on the next Mauritius day', () => {
    expect(snoozeUntil({ preset: 'tomorrow' }, WEDNESDAY_NIGHT)?.toISOString()).toBe('2026-11-26T05:00:00.000Z');
    // 00:30 Thursday in Mauritius is still Wednesday in UTC: tomorrow is Friday.
    expect(snoozeUntil({ preset: 'tomorrow' }, new Date('2026-11-25T20:30:00Z'))?.toISOString()).toBe('2026-11-27T05:00:00.000Z');
  });

  it('"lundi" is next Monday 9:00, a week on when it is Monday', () => {
    expect(snoozeUntil({ preset: 'monday' }, WEDNESDAY_NIGHT)?.toISOString()).toBe('2026-11-30T05:00:00.000Z');
    expect(snoozeUntil({ preset: 'monday' }, new Date('2026-11-30T04:00:00Z'))?.toISOString()).toBe('2026-12-07T05:00:00.000Z');
  });

  it('a chosen day means 9:00 that day, and only in the future', () => {
    expect(snoozeUntil({ preset: 'date', date: '2026-12-24' }, WEDNESDAY_NIGHT)?.toISOString()).toBe('2026-12-24T05:00:00.000Z');
    expect(snoozeUntil({ preset: 'date', date: '2026-11-20' }, WEDNESDAY_NIGHT)).toBeNull();
    expect(snoozeUntil({ preset: 'date', date: 'lundi' }, WEDNESDAY_NIGHT)).toBeNull();
  });

  it('names the Mauritius day and reads follow-up dates', () => {
    expect(muDay(WEDNESDAY_NIGHT)).toBe('2026-11-25');
    expect(muDay(new Date('2026-11-25T20:00:00Z'))).toBe('2026-11-26');
    expect(followUpAt('2026-12-01')?.toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });
});
