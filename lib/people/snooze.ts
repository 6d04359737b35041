// Mauritius has kept UTC+4 all year since 2009: a fixed offset is exact.
const MU_OFFSET_MS = 4 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
export const SNOOZE_HOUR = 9;

export type SnoozeChoice = { preset: 'tomorrow' } | { preset: 'monday' } | { preset: 'date'; date: string };

/** Midnight of the Mauritius day `days` after `now`'s, as the UTC instant of that day's `hour` o'clock in Mauritius. */
function muDayAt(now: Date, days: number, hour: number): Date {
  const local = new Date(now.getTime() + MU_OFFSET_MS);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return new Date(midnight + days * DAY_MS + hour * 60 * 60 * 1000 - MU_OFFSET_MS);
}

/** The Mauritius weekday of `now` (1 = Monday … 7 = Sunday). */
export function muWeekday(now: Date): number {
  const day = new Date(now.getTime() + MU_OFFSET_MS).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Mauritius calendar day of an instant, `YYYY-MM-DD`. */
export function muDay(now: Date): string {
  return new Date(now.getTime() + MU_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * When a snooze ends, Mauritius time: "demain 9 h", "lundi" (next Monday 9 h, a week on when it
 * is Monday), or 9 h on a chosen day. Null for a date that is not in the future.
 */
export function snoozeUntil(choice: SnoozeChoice, now: Date = new Date()): Date | null {
  if (choice.preset === 'tomorrow') return muDayAt(now, 1, SNOOZE_HOUR);
  if (choice.preset === 'monday') return muDayAt(now, 8 - muWeekday(now), SNOOZE_HOUR);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(choice.date);
  if (!match) return null;
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), SNOOZE_HOUR) - MU_OFFSET_MS);
  return Number.isNaN(at.getTime()) || at.getTime() <= now.getTime() ? null : at;
}

/** A follow-up date `YYYY-MM-DD` as 9 h that day in Mauritius (null when malformed). */
export function followUpAt(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), SNOOZE_HOUR) - MU_OFFSET_MS);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The end of the Mauritius day of `now`: follow-ups before it are due today or late. */
export function endOfMuDay(now: Date): Date {
  return muDayAt(now, 1, 0);
}
