import { DAY_MS, mauritianDate, mauritianMidnight, mauritianWeekday } from '../time/mauritius';

// Office hours in Mauritius time, pure: parsed from OFFICE_HOURS by lib/config.ts, used by the
// pages (the hours line), the chat status route (the next opening) and their tests.

export interface HoursGroup {
  /** ISO weekdays, 1 = Monday … 7 = Sunday, ascending. */
  days: number[];
  opens: string;
  closes: string;
}

export type OfficeHours = HoursGroup[];

const GROUP = /^([1-7])(?:-([1-7]))?\s+([01][0-9]|2[0-3]):([0-5][0-9])-([01][0-9]|2[0-4]):([0-5][0-9])$/;

/** "1-5 09:00-17:00; 6 09:00-12:00" → groups; null when the text is not in that form. */
export function parseOfficeHours(text: string): OfficeHours | null {
  const groups: OfficeHours = [];
  for (const part of text.split(';').map((chunk) => chunk.trim())) {
    const match = GROUP.exec(part);
    if (!match) return null;
    const [, from, to = from, oh, om, ch, cm] = match as unknown as string[];
    const first = Number(from);
    const last = Number(to);
    const opens = `${oh}:${om}`;
    const closes = `${ch}:${cm}`;
    if (last < first || closes <= opens || closes > '24:00') return null;
    groups.push({ days: Array.from({ length: last - first + 1 }, (_, index) => first + index), opens, closes });
  }
  const days = groups.flatMap((group) => group.days);
  return new Set(days).size === days.length ? groups : null;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export interface OfficeState {
  open: boolean;
  /** The next opening after `now` (the current one's end excluded); null if none within 60 days. */
  nextOpen: Date | null;
}

/** Whether the office is open at `now` and when it next opens, skipping public holidays (YYYY-MM-DD, Mauritius). */
export function officeState({ now, hours, holidays }: { now: Date; hours: OfficeHours; holidays: ReadonlySet<string> }): OfficeState {
  const at = now.getTime();
  let open = false;
  const firstDay = mauritianMidnight(at);
  for (let day = 0; day < 60; day += 1) {
    const midnight = firstDay + day * DAY_MS;
    if (holidays.has(mauritianDate(new Date(midnight)))) continue;
    const weekday = mauritianWeekday(midnight);
    for (const group of hours) {
      if (!group.days.includes(weekday)) continue;
      const opens = midnight + minutes(group.opens) * 60_000;
      const closes = midnight + minutes(group.closes) * 60_000;
      if (opens <= at && at < closes) open = true;
      if (opens > at) return { open, nextOpen: new Date(opens) };
    }
  }
  return { open, nextOpen: null };
}

/** Days an answer is looked for within hours at most: beyond it, the rest of the wait is not counted. */
const MAX_COUNTED_DAYS = 400;

/**
 * Milliseconds of the span from `from` to `to` that fall within opening hours (Mauritius time):
 * nights, days without hours and public holidays (YYYY-MM-DD) count nothing. A message at 18:00 on
 * a Friday answered at 09:10 on the Monday waited ten minutes.
 */
export function openMillisBetween({ from, to, hours, holidays }: { from: Date; to: Date; hours: OfficeHours; holidays: ReadonlySet<string> }): number {
  const start = from.getTime();
  const end = to.getTime();
  let total = 0;
  for (let midnight = mauritianMidnight(start), day = 0; midnight < end && day < MAX_COUNTED_DAYS; midnight += DAY_MS, day += 1) {
    if (holidays.has(mauritianDate(new Date(midnight)))) continue;
    const weekday = mauritianWeekday(midnight);
    for (const group of hours) {
      if (!group.days.includes(weekday)) continue;
      const opens = Math.max(start, midnight + minutes(group.opens) * 60_000);
      const closes = Math.min(end, midnight + minutes(group.closes) * 60_000);
      if (closes > opens) total += closes - opens;
    }
  }
  return total;
}
