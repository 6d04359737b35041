import { mauritianHolidayDates } from '@/lib/holidays/mu';
import { openMillisBetween, type OfficeHours } from '@/lib/office-hours/schedule';

/** A conversation's first visitor message and the operators' first answer after it, by week. */
export type FirstAnswerRow = { week: string; asked_at: Date | string; answered_at: Date | string };

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Each week's median wait for a first answer, in whole minutes (null for a week without answers).
 * With opening hours, only the time within them counts: nights, closed days and Mauritian public
 * holidays are left out; without them, the real time.
 */
export function medianFirstAnswers(weeks: string[], rows: FirstAnswerRow[], officeHours: OfficeHours | null): (number | null)[] {
  const years = new Set(rows.flatMap((row) => [new Date(row.asked_at).getUTCFullYear(), new Date(row.answered_at).getUTCFullYear()]));
  const holidays = mauritianHolidayDates({ years: [...years] });
  const waited = (row: FirstAnswerRow) => {
    const from = new Date(row.asked_at);
    const to = new Date(row.answered_at);
    return (officeHours ? openMillisBetween({ from, to, hours: officeHours, holidays }) : to.getTime() - from.getTime()) / 60_000;
  };
  return weeks.map((week) => {
    const minutes = median(rows.filter((row) => row.week === week).map(waited));
    return minutes === null ? null : Math.round(minutes);
  });
}
