import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isIsoDate } from '@/lib/time/calendar';
import {
  atMauritianTime,
  mauritianDate,
  mauritianDateTime,
  mauritianDayAt,
  mauritianMinuteOfDay,
  mauritianMonday,
  mauritianWeekday,
  nextMauritianMidnight,
  todayInMauritius,
} from '@/lib/time/mauritius';

// 2026-11-29 is a Sunday: 21:30 UTC on it is already Monday 01:30 in Mauritius (UTC+4).
const LATE_SUNDAY_UTC = new Date('2026-11-29T21:30:00Z');

describe('Mauritius time', () => {
  it('turns the day at midnight in Mauritius, not in UTC nor in the server zone', () => {
    expect(todayInMauritius(LATE_SUNDAY_UTC)).toBe('2026-11-30');
    expect(mauritianDate(new Date('2026-11-29T19:59:59Z'))).toBe('2026-11-29');
    expect(mauritianWeekday(LATE_SUNDAY_UTC)).toBe(1);
    expect(mauritianMinuteOfDay(LATE_SUNDAY_UTC)).toBe(90);
    expect(nextMauritianMidnight(LATE_SUNDAY_UTC).toISOString()).toBe('2026-11-30T20:00:00.000Z');
    expect(mauritianMonday(LATE_SUNDAY_UTC)).toBe('2026-11-30');
    expect(mauritianMonday(new Date('2026-11-29T19:00:00Z'))).toBe('2026-11-23');
    // The CSV export's form: a spreadsheet reads it as a date and time, in the agency's zone.
    expect(mauritianDateTime(LATE_SUNDAY_UTC)).toBe('2026-11-30 01:30');
  });

  it('gives the instant of a time of day in Mauritius', () => {
    expect(atMauritianTime('2026-11-23', 9 * 60)?.toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(atMauritianTime('23/11/2026', 0)).toBeNull();
    expect(mauritianDayAt(LATE_SUNDAY_UTC, 1, 9).toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });

  it('counts calendar days on dates', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(isIsoDate('2026-02-30')).toBe(false);
  });
});
