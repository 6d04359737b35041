import { addDays, addMonths, isoWeekday } from '@/lib/time/calendar';
import { isMauritianHoliday } from './mu';

// Working days of the agency: weekdays that are not public holidays of Mauritius.

export type DateUnit = 'working_days' | 'days' | 'weeks' | 'months' | 'years';

/** Monday to Friday and not a public holiday of Mauritius (confirmed or calculated). */
export function isWorkingDay(date: string): boolean {
  return isoWeekday(date) <= 5 && !isMauritianHoliday(date);
}

/** `date` itself when it is a working day, else the next one (or the previous one with `direction` -1). */
export function nearestWorkingDay(date: string, direction: 1 | -1 = 1): string {
  let day = date;
  while (!isWorkingDay(day)) day = addDays(day, direction);
  return day;
}

/** `count` working days after `date` (before it when negative), `date` itself not counted. */
export function addWorkingDays(date: string, count: number): string {
  const step = count < 0 ? -1 : 1;
  let day = date;
  for (let left = Math.abs(count); left > 0;) {
    day = addDays(day, step);
    if (isWorkingDay(day)) left -= 1;
  }
  return day;
}

/** Moves `date` by a duration of the visa rules (negative `value` goes back). */
export function shiftDate(date: string, value: number, unit: DateUnit): string {
  switch (unit) {
    case 'working_days':
      return addWorkingDays(date, value);
    case 'days':
      return addDays(date, value);
    case 'weeks':
      return addDays(date, value * 7);
    case 'months':
      return addMonths(date, value);
    case 'years':
      return addMonths(date, value * 12);
  }
}
