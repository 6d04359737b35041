import { DAY_MS } from '@/lib/time/mauritius';

// "Back Tuesday at 09:00 your time": the next opening in the visitor's own time zone. Pure, so the
// widget (in the browser's zone) and the tests (in any zone) share it.

export interface BackAt {
  when: 'today' | 'tomorrow' | 'later';
  /** "mardi" within a week, "mardi 5 janvier" beyond. */
  day: string;
  time: string;
}

const calendarDay = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);

/** Days between two instants' calendar dates in `timeZone`. */
function daysApart(from: Date, to: Date, timeZone: string): number {
  const midnight = (date: Date) => Date.parse(`${calendarDay(date, timeZone)}T00:00:00Z`);
  return Math.round((midnight(to) - midnight(from)) / DAY_MS);
}

export function backAt({ nextOpen, now, timeZone, localeTag }: { nextOpen: Date; now: Date; timeZone: string; localeTag: string }): BackAt {
  const apart = daysApart(now, nextOpen, timeZone);
  const when = apart <= 0 ? 'today' : apart === 1 ? 'tomorrow' : 'later';
  const dayOptions: Intl.DateTimeFormatOptions = apart < 7 ? { weekday: 'long' } : { weekday: 'long', day: 'numeric', month: 'long' };
  return {
    when,
    day: new Intl.DateTimeFormat(localeTag, { ...dayOptions, timeZone }).format(nextOpen),
    time: new Intl.DateTimeFormat(localeTag, { hour: '2-digit', minute: '2-digit', timeZone }).format(nextOpen),
  };
}
