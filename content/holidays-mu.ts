// Public holidays of Mauritius that close the office (chat "back at" times skip them).
// Checked 2026-11-23. Each year names the source it was taken from and whether it is complete.
//
// Only dates we can source are listed. The Government's yearly notice of public holidays (the
// Prime Minister's Office publishes it as https://pmo.govmu.org/Communique/Notice-Public_Holidays_<year>.pdf,
// e.g. the 2025 notice) was not available to us for 2026 or 2027, so the moveable feasts
// (Thaipoosam Cavadee, Chinese Spring Festival, Maha Shivaratree, Ougadi, Eid-ul-Fitr, Ganesh
// Chaturthi, Divali) are NOT listed yet: `complete: false`. An editor adds them from the notice and
// sets `complete: true`. Fixed dates come from the Public Holidays Act (seven fixed holidays, as
// the Mauritius Tourism Promotion Authority lists them) and its 2015 amendment (Assumption in even
// years, All Saints' Day in odd years).

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

const FIXED_SOURCE =
  'Public Holidays Act (fixed holidays: https://mymauritius.travel/fr/plan-your-trip/jours-feries) and ' +
  'Public Holidays (Amendment) Act 2015 (Assumption in even years, All Saints\' Day in odd years: ' +
  'http://mauritiusassembly.govmu.org/mauritiusassembly/wp-content/uploads/2023/03/act2815.pdf). ' +
  'Moveable feasts missing: add them from the yearly notice (https://pmo.govmu.org/Communique/).';

const fixed = (year: number, extra: PublicHoliday[]): PublicHoliday[] =>
  [
    { date: `${year}-01-01`, name: 'New Year' },
    { date: `${year}-01-02`, name: 'New Year' },
    { date: `${year}-02-01`, name: 'Abolition of Slavery' },
    { date: `${year}-03-12`, name: 'Independence and Republic Day' },
    { date: `${year}-05-01`, name: 'Labour Day' },
    { date: `${year}-11-02`, name: 'Arrival of Indentured Labourers' },
    { date: `${year}-12-25`, name: 'Christmas' },
    ...extra,
  ].sort((a, b) => a.date.localeCompare(b.date));

export const MU_PUBLIC_HOLIDAYS: HolidayYear[] = [
  {
    year: 2026,
    complete: false,
    source: FIXED_SOURCE,
    holidays: fixed(2026, [{ date: '2026-08-15', name: 'Assumption of the Blessed Virgin Mary' }]),
  },
  {
    year: 2027,
    complete: false,
    source: FIXED_SOURCE,
    holidays: fixed(2027, [{ date: '2027-11-01', name: "All Saints' Day" }]),
  },
];

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
