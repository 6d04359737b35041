import { atMauritianTime, mauritianDate, mauritianDayAt, mauritianWeekday } from '@/lib/time/mauritius';

export const SNOOZE_HOUR = 9;

export type SnoozeChoice = { preset: 'tomorrow' } | { preset: 'monday' } | { preset: 'date'; date: string };

/** The Mauritius weekday of `now` (1 = Monday … 7 = Sunday). */
export function muWeekday(now: Date): number {
  return mauritianWeekday(now);
}

/** The Mauritius calendar day of an instant, `YYYY-MM-DD`. */
export function muDay(now: Date): string {
  return mauritianDate(now);
}

/**
 * When a snooze ends, Mauritius time: "demain 9 h", "lundi" (next Monday 9 h, a week on when it
 * is Monday), or 9 h on a chosen day. Null for a date that is not in the future.
 */
export function snoozeUntil(choice: SnoozeChoice, now: Date = new Date()): Date | null {
  if (choice.preset === 'tomorrow') return mauritianDayAt(now, 1, SNOOZE_HOUR);
  if (choice.preset === 'monday') return mauritianDayAt(now, 8 - muWeekday(now), SNOOZE_HOUR);
  const at = atMauritianTime(choice.date, SNOOZE_HOUR * 60);
  return !at || at.getTime() <= now.getTime() ? null : at;
}

/** A follow-up date `YYYY-MM-DD` as 9 h that day in Mauritius (null when malformed). */
export function followUpAt(date: string): Date | null {
  return atMauritianTime(date, SNOOZE_HOUR * 60);
}

/** The end of the Mauritius day of `now`: follow-ups before it are due today or late. */
export function endOfMuDay(now: Date): Date {
  return mauritianDayAt(now, 1, 0);
}
