import { isMauritianHoliday } from './mu';

// Calendar dates as YYYY-MM-DD strings, computed in UTC so the server's time zone never matters.
const DAY_MS = 86_400_000;
const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toDate = (time: number) => new Date(time).toISOString().slice(0, 10);

export type DateUnit = 'working_days' | 'days' | 'weeks' | 'months' | 'years';

export function addDays(date: string, days: number): string {
  return toDate(toTime(date) + days * DAY_MS);
}

/** Same day of the month `months` later (or earlier), clamped to the month's last day. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return toDate(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, last)));
}

/** ISO weekday, 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  return new Date(toTime(date)).getUTCDay() || 7;
}

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

export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && toDate(toTime(value)) === value;
}
