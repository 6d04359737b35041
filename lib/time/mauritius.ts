// Mauritius time, written once: the agency's time zone, "today in Mauritius" and the instants of
// its days. Pure (no server import): the pages, the console, the jobs and the tests share it.

/** The time zone of the opening hours, offers and every date the agency states. */
export const AGENCY_TIME_ZONE = 'Indian/Mauritius';

/** Mauritius has kept UTC+4 without summer time since 2009: a fixed offset is exact. */
export const MU_UTC_OFFSET_HOURS = 4;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
const OFFSET_MS = MU_UTC_OFFSET_HOURS * HOUR_MS;

/** The Mauritian calendar date (YYYY-MM-DD) of `instant`. */
export function mauritianDate(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** "YYYY-MM-DD HH:MM" in Mauritius time: the form a spreadsheet reads as a date and time (the CSV export). */
export function mauritianDateTime(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** Today's date in Mauritius, YYYY-MM-DD. */
export function todayInMauritius(now: Date = new Date()): string {
  return mauritianDate(now);
}

/** Midnight of the Mauritian calendar day holding `instant` (epoch ms), as the UTC timestamp of that midnight. */
export function mauritianMidnight(instant: number): number {
  return Math.floor((instant + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;
}

/** The next Mauritian midnight after `instant`: when "today" changes for the agency. */
export function nextMauritianMidnight(instant: Date): Date {
  return new Date(mauritianMidnight(instant.getTime()) + DAY_MS);
}

/** The Mauritian ISO weekday of `instant` (1 = Monday … 7 = Sunday). */
export function mauritianWeekday(instant: Date | number): number {
  return new Date(new Date(instant).getTime() + OFFSET_MS).getUTCDay() || 7;
}

/** Minutes since midnight in Mauritius at `instant`. */
export function mauritianMinuteOfDay(instant: Date): number {
  return Math.floor((instant.getTime() - mauritianMidnight(instant.getTime())) / 60_000);
}

/** `minutes` after midnight of the Mauritian day `date` (YYYY-MM-DD); null when `date` is not one. */
export function atMauritianTime(date: string, minutes: number): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) + minutes * 60_000 - OFFSET_MS);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** `hour` o'clock, Mauritius time, on the Mauritian day `days` after the one holding `now`. */
export function mauritianDayAt(now: Date, days: number, hour: number): Date {
  return new Date(mauritianMidnight(now.getTime()) + days * DAY_MS + hour * HOUR_MS);
}

/** The Monday (YYYY-MM-DD) of the Mauritian week holding `instant`. */
export function mauritianMonday(instant: Date): string {
  return new Date(mauritianMidnight(instant.getTime()) + OFFSET_MS - (mauritianWeekday(instant) - 1) * DAY_MS).toISOString().slice(0, 10);
}
