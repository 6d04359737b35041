import { describe, expect, it } from 'vitest';
import { holidaysCompleteFor, MU_HOLIDAY_DATES, MU_PUBLIC_HOLIDAYS } from '@/lib/holidays-mu';
import { officeState, parseOfficeHours } from '@/lib/office-hours/schedule';
import { mauritianDate } from '@/lib/time/mauritius';

const WEEKDAYS = parseOfficeHours('1-5 09:00-17:00')!;
const state = (iso: string, hours = WEEKDAYS, holidays: ReadonlySet<string> = MU_HOLIDAY_DATES) => officeState({ now: new Date(iso), hours, holidays });

describe('parseOfficeHours', () => {
  it('reads ISO weekday ranges and times, several groups separated by semicolons', () => {
    expect(parseOfficeHours('1-5 09:00-17:00; 6 09:00-12:00')).toEqual([
      { days: [1, 2, 3, 4, 5], opens: '09:00', closes: '17:00' },
      { days: [6], opens: '09:00', closes: '12:00' },
    ]);
  });

  it.each(['', 'Mon-Fri 9-5', '5-1 09:00-17:00', '1-5 17:00-09:00', '1-5 09:00-17:00; 5 18:00-19:00', '8 09:00-10:00', '1 9:00-17:00'])('refuses %j', (text) =>
    expect(parseOfficeHours(text)).toBeNull(),
  );
});

describe('officeState (Mauritius time, UTC+4)', () => {
  it('is open during the hours and names the next morning as the next opening', () => {
    // Monday 23 November 2026, 10:00 in Port Louis.
    expect(state('2026-11-23T06:00:00Z')).toEqual({ open: true, nextOpen: new Date('2026-11-24T05:00:00Z') });
  });

  it('before opening, the next opening is the same morning', () => {
    expect(state('2026-11-23T04:59:00Z')).toEqual({ open: false, nextOpen: new Date('2026-11-23T05:00:00Z') });
  });

  it('after Friday closing, the team is back on Monday at 09:00', () => {
    // Friday 27 November 2026, 17:00 sharp in Port Louis: closed.
    expect(state('2026-11-27T13:00:00Z')).toEqual({ open: false, nextOpen: new Date('2026-11-30T05:00:00Z') });
  });

  it('skips public holidays: Christmas on Friday 25 December 2026 and New Year on 1–2 January 2027', () => {
    // Thursday 24 December, 18:00: back Monday 28.
    expect(state('2026-12-24T14:00:00Z').nextOpen).toEqual(new Date('2026-12-28T05:00:00Z'));
    // Thursday 31 December, 18:00: 1 January (Friday) is a holiday, then the weekend: back Monday 4.
    expect(state('2026-12-31T14:00:00Z').nextOpen).toEqual(new Date('2027-01-04T05:00:00Z'));
  });

  it('takes the calendar day in Mauritius, not in UTC: 21:00 UTC on Sunday is already Monday 01:00 there', () => {
    expect(state('2026-11-29T21:00:00Z')).toEqual({ open: false, nextOpen: new Date('2026-11-30T05:00:00Z') });
  });

  it('uses the group of each day: Saturday mornings only', () => {
    const hours = parseOfficeHours('1-5 09:00-17:00; 6 09:00-12:00')!;
    // Friday 27 November, 18:00 → Saturday 09:00; Saturday 12:30 → Monday 09:00.
    expect(state('2026-11-27T14:00:00Z', hours).nextOpen).toEqual(new Date('2026-11-28T05:00:00Z'));
    expect(state('2026-11-28T08:30:00Z', hours).nextOpen).toEqual(new Date('2026-11-30T05:00:00Z'));
  });

  it('gives up after 60 days without an opening', () => {
    const everyDay = new Set(Array.from({ length: 70 }, (_, day) => new Date(Date.UTC(2026, 10, 23 + day)).toISOString().slice(0, 10)));
    expect(state('2026-11-23T00:00:00Z', WEEKDAYS, everyDay)).toEqual({ open: false, nextOpen: null });
  });
});

describe('Mauritian public holidays data', () => {
  it('covers the current and the next year, each with its source, sorted dates inside its year', () => {
    expect(MU_PUBLIC_HOLIDAYS.map((year) => year.year)).toEqual([2026, 2027]);
    for (const { year, source, holidays } of MU_PUBLIC_HOLIDAYS) {
      expect(source).toMatch(/https?:\/\//);
      const dates = holidays.map((holiday) => holiday.date);
      expect(dates).toEqual([...dates].sort());
      for (const date of dates) {
        expect(date.startsWith(`${year}-`)).toBe(true);
        expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
      }
    }
  });

  it('holds the fixed holidays of both years and the alternating Assumption (even) / All Saints (odd)', () => {
    for (const date of ['2026-01-01', '2026-02-01', '2026-03-12', '2026-05-01', '2026-08-15', '2026-11-02', '2026-12-25', '2027-11-01']) {
      expect(MU_HOLIDAY_DATES.has(date), date).toBe(true);
    }
    expect(MU_HOLIDAY_DATES.has('2026-11-01')).toBe(false);
    expect(MU_HOLIDAY_DATES.has('2027-08-15')).toBe(false);
  });

  it('says a year is complete only when its entry says so, and never for a year it does not list', () => {
    for (const { year, complete } of MU_PUBLIC_HOLIDAYS) expect(holidaysCompleteFor(`${year}-06-01`)).toBe(complete);
    expect(holidaysCompleteFor('2031-06-01')).toBe(false);
  });

  it('takes the calendar date in Mauritius, not in UTC', () => {
    expect(mauritianDate(new Date('2026-12-31T19:59:00Z'))).toBe('2026-12-31');
    expect(mauritianDate(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01');
  });
});
