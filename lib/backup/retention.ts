import { AGENCY_TIME_ZONE } from '@/lib/time/mauritius';

// Which backups to keep: the newest of each of the last 7 days, 4 ISO weeks and 6 months that have
// one (Mauritius calendar); a day without a backup does not use a place.

export const KEEP = { daily: 7, weekly: 4, monthly: 6 };

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: AGENCY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD in Mauritius. */
export const mauritianDay = (at: Date) => dayFormat.format(at);

function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  // The week belongs to the year of its Thursday.
  date.setUTCDate(date.getUTCDate() + 4 - (date.getUTCDay() || 7));
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  return `${date.getUTCFullYear()}-W${Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7)}`;
}

/** Indexes (into `dates`, any order) of the backups to keep. */
export function backupsToKeep(dates: Date[], keep = KEEP): Set<number> {
  const order = dates.map((at, index) => ({ at, index })).sort((a, b) => b.at.getTime() - a.at.getTime());
  const kept = new Set<number>();
  const periods: [number, (day: string) => string][] = [
    [keep.daily, (day) => day],
    [keep.weekly, isoWeek],
    [keep.monthly, (day) => day.slice(0, 7)],
  ];
  for (const [count, periodOf] of periods) {
    const seen = new Set<string>();
    for (const { at, index } of order) {
      const period = periodOf(mauritianDay(at));
      if (seen.has(period)) continue;
      if (seen.size === count) break;
      seen.add(period);
      kept.add(index);
    }
  }
  return kept;
}
