import { getTranslations } from 'next-intl/server';
import { pageFormatter } from '@/lib/i18n/format';
import { AGENCY, AGENCY_TIME_ZONE } from '@/content/agency';
import type { Locale } from '@/lib/i18n/routing';

// 2024-01-01 was a Monday: day n of the ISO week is 2024-01-0n.
const dayOf = (isoDay: number) => new Date(Date.UTC(2024, 0, isoDay, 12));
const timeOf = (hhmm: string) => new Date(`2024-01-01T${hhmm}:00+04:00`);

/** "Du lundi au vendredi, 09:00–17:00 (heure de Maurice)", formatted by Intl for the page's language. */
export async function openingHoursText(locale: Locale): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'Agency' });
  const format = pageFormatter(locale);
  const { days, opens, closes } = AGENCY.hours;
  const weekday = (day: number) => format.dateTime(dayOf(day), { weekday: 'long', timeZone: 'UTC' });
  const time = (hhmm: string) => format.dateTime(timeOf(hhmm), { hour: '2-digit', minute: '2-digit', timeZone: AGENCY_TIME_ZONE });
  return t('hours', { from: weekday(days[0]!), to: weekday(days.at(-1)!), opens: time(opens), closes: time(closes) });
}
