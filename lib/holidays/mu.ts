import Holidays from 'date-holidays';
// The one import of the editors' confirmations: repoint it when the content moves to a data file.
import { MU_PUBLIC_HOLIDAYS } from '@/lib/holidays-mu';
import { addDays } from '@/lib/time/calendar';

/**
 * Public holidays of Mauritius. A year an editor marked complete in the content file (checked
 * against the Government's yearly notice) is used as listed. Otherwise the listed dates are kept
 * and the moveable feasts come from date-holidays' `MU` calendar, marked `calculated`.
 */
export type HolidayStatus = 'confirmed' | 'calculated';

export interface MauritianHoliday {
  /** Calendar date in Mauritius, YYYY-MM-DD. */
  date: string;
  name: string;
  status: HolidayStatus;
}

// The library's fixed-date rules ("01-01"); everything else is a computed feast. Fixed holidays
// come from the content file, which follows the Public Holidays Act (the library has All Saints'
// Day every year, the Act only in odd years).
const FIXED_RULE = /^\d{2}-\d{2}$/;

let calendar: Holidays | undefined;
const byYear = new Map<number, MauritianHoliday[]>();

function libraryHolidays(year: number, fixedToo: boolean): MauritianHoliday[] {
  calendar ??= new Holidays('MU', { types: ['public'] });
  return calendar
    .getHolidays(year, 'en')
    .filter((holiday) => holiday.type === 'public' && (fixedToo || !FIXED_RULE.test(holiday.rule)))
    .map((holiday) => ({ date: holiday.date.slice(0, 10), name: holiday.name, status: 'calculated' as const }));
}

export function getMauritianHolidays({ year }: { year: number }): readonly MauritianHoliday[] {
  const cached = byYear.get(year);
  if (cached) return cached;
  const listed = MU_PUBLIC_HOLIDAYS.find((entry) => entry.year === year);
  const confirmed = (listed?.holidays ?? []).map((holiday) => ({ ...holiday, status: 'confirmed' as const }));
  const known = new Set(confirmed.map((holiday) => holiday.date));
  // A year absent from the content file takes the library's fixed dates too, still as calculated.
  const computed = listed?.complete ? [] : libraryHolidays(year, !listed).filter((holiday) => !known.has(holiday.date) && known.add(holiday.date));
  const holidays = [...confirmed, ...computed].sort((a, b) => a.date.localeCompare(b.date));
  byYear.set(year, holidays);
  return holidays;
}

export function findMauritianHoliday(date: string): MauritianHoliday | undefined {
  return getMauritianHolidays({ year: Number(date.slice(0, 4)) }).find((holiday) => holiday.date === date);
}

export function isMauritianHoliday(date: string): boolean {
  return findMauritianHoliday(date) !== undefined;
}

/** Every holiday date of these years, for code that takes a set (office hours). */
export function mauritianHolidayDates({ years }: { years: readonly number[] }): ReadonlySet<string> {
  return new Set(years.flatMap((year) => getMauritianHolidays({ year }).map((holiday) => holiday.date)));
}

/**
 * Whether a day may still turn out to be a public holiday: within a day of a calculated feast (the
 * Government's notice may move a lunar feast by a day), or in a year the calendar cannot compute.
 */
export function mayBeUnlistedHoliday(date: string): boolean {
  const holidays = getMauritianHolidays({ year: Number(date.slice(0, 4)) });
  if (holidays.length === 0) return true;
  return [-1, 0, 1].some((offset) => {
    const near = addDays(date, offset);
    return getMauritianHolidays({ year: Number(near.slice(0, 4)) }).some((holiday) => holiday.date === near && holiday.status === 'calculated');
  });
}
