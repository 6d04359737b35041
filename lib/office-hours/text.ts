import { getTranslations } from 'next-intl/server';
import { pageFormatter } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/routing';
import { AGENCY_TIME_ZONE, atMauritianTime } from '@/lib/time/mauritius';
import type { OfficeHours } from './schedule';

// 2024-01-01 was a Monday: day n of the ISO week is 2024-01-0n.
const dayOf = (isoDay: number) => new Date(Date.UTC(2024, 0, isoDay, 12));
const timeOf = (hhmm: string) => atMauritianTime('2024-01-01', hhmm === '24:00' ? 23 * 60 + 59 : Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)))!;

/**
 * "Du lundi au vendredi, 09:00–17:00 (heure de Maurice)" for each group of OFFICE_HOURS, formatted by
 * Intl for the page's language (`hours`: config.officeHours); null when the hours are not configured (nothing is stated then).
 */
export async function openingHoursText(locale: Locale, hours: OfficeHours | null): Promise<string | null> {
  if (!hours) return null;
  const t = await getTranslations({ locale, namespace: 'Agency' });
  const format = pageFormatter(locale);
  const weekday = (day: number) => format.dateTime(dayOf(day), { weekday: 'long', timeZone: 'UTC' });
  const time = (hhmm: string) => format.dateTime(timeOf(hhmm), { hour: '2-digit', minute: '2-digit', timeZone: AGENCY_TIME_ZONE });
  return hours
    .map(({ days, opens, closes }) => {
      const range = { opens: time(opens), closes: time(closes) };
      return days.length === 1
        ? t('hoursDay', { day: weekday(days[0]!), ...range })
        : t('hours', { from: weekday(days[0]!), to: weekday(days.at(-1)!), ...range });
    })
    .join(' · ');
}
