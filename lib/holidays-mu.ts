import { holidaysSchema } from '@/lib/content/schema';
import { readYaml } from '@/lib/content/yaml-file';

// Public holidays of Mauritius that close the office (chat "back at" times skip them), read from
// content/holidays-mu.yaml: each year names its source and whether its list is complete.

export interface PublicHoliday {
  /** Calendar date in Mauritius, YYYY-MM-DD. */
  date: string;
  name: string;
}

export interface HolidayYear {
  year: number;
  complete: boolean;
  source: string;
  holidays: PublicHoliday[];
}

export const MU_PUBLIC_HOLIDAYS: HolidayYear[] = readYaml('content/holidays-mu.yaml', holidaysSchema).years.map((year) => ({
  ...year,
  holidays: [...year.holidays].sort((a, b) => a.date.localeCompare(b.date)),
}));

/**
 * Whether the list for the year of `date` (YYYY-MM-DD, Mauritius) holds every public holiday of
 * that year. When it does not, a day the office seems open may be an unlisted holiday.
 */
export function holidaysCompleteFor(date: string): boolean {
  const year = Number(date.slice(0, 4));
  return MU_PUBLIC_HOLIDAYS.some((entry) => entry.year === year && entry.complete);
}

/** Every listed date, YYYY-MM-DD. */
export const MU_HOLIDAY_DATES: ReadonlySet<string> = new Set(MU_PUBLIC_HOLIDAYS.flatMap((year) => year.holidays.map((holiday) => holiday.date)));
