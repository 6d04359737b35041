import { describe, expect, it } from 'vitest';
import { findMauritianHoliday, getMauritianHolidays, mayBeUnlistedHoliday } from '@/lib/holidays/mu';
import { addWorkingDays, isWorkingDay, nearestWorkingDay, shiftDate } from '@/lib/holidays/working-days';
import { addMonths } from '@/lib/time/calendar';

describe('Mauritian holidays', () => {
  it('keeps the fixed holidays of the content file as confirmed and calculates the moveable feasts', () => {
    expect(findMauritianHoliday('2027-03-12')).toMatchObject({ status: 'confirmed' });
    // date-holidays' MU calendar: Maha Shivaratree and Eid-ul-Fitr fall in early March 2027.
    expect(findMauritianHoliday('2027-03-07')).toMatchObject({ name: 'Maha Shivaratree', status: 'calculated' });
    expect(findMauritianHoliday('2027-03-09')).toMatchObject({ name: 'Eid-Ul-Fitr', status: 'calculated' });
    // The 2026 dates STACK.md records as agreeing with the published list.
    const dates2026 = getMauritianHolidays({ year: 2026 }).map((holiday) => holiday.date);
    expect(dates2026).toEqual(expect.arrayContaining(['2026-02-01', '2026-02-15', '2026-02-17', '2026-03-19', '2026-03-21', '2026-09-16', '2026-11-08']));
  });

  it('follows the Act, not the library, for fixed days: Assumption in 2026, All Saints only in odd years', () => {
    expect(findMauritianHoliday('2026-08-15')).toMatchObject({ status: 'confirmed' });
    expect(findMauritianHoliday('2026-11-01')).toBeUndefined();
    expect(findMauritianHoliday('2027-11-01')).toMatchObject({ status: 'confirmed' });
  });

  it('warns only for days next to a calculated feast', () => {
    expect(mayBeUnlistedHoliday('2027-03-10')).toBe(true);
    expect(mayBeUnlistedHoliday('2027-03-16')).toBe(false);
  });
});

describe('working days', () => {
  it('skips a weekend and the public holidays', () => {
    // Thu 4 March 2027 + 5 working days: Fri 5, (Sat 6, Sun 7 Shivaratree), Mon 8, (Tue 9 Eid), Wed 10, Thu 11, (Fri 12 National Day), Mon 15.
    expect(addWorkingDays('2027-03-04', 5)).toBe('2027-03-15');
    expect(addWorkingDays('2027-03-15', -5)).toBe('2027-03-04');
    expect(isWorkingDay('2027-03-09')).toBe(false);
    expect(isWorkingDay('2027-03-13')).toBe(false);
    expect(isWorkingDay('2027-03-10')).toBe(true);
    expect(nearestWorkingDay('2027-03-12')).toBe('2027-03-15');
    expect(nearestWorkingDay('2027-03-12', -1)).toBe('2027-03-11');
  });

  it('moves calendar durations by days, weeks and months', () => {
    expect(shiftDate('2027-03-01', -90, 'days')).toBe('2026-12-01');
    expect(shiftDate('2027-03-01', -4, 'weeks')).toBe('2027-02-01');
    expect(shiftDate('2027-03-01', -3, 'months')).toBe('2026-12-01');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
  });
});
