import { LOCALE_TAGS, type Locale } from '@/lib/i18n/routing';

const formatters = new Map<Locale, Intl.DateTimeFormat>();

/** A YYYY-MM-DD date in the page language's long format: "14 novembre 2026" on /fr. */
export function formatPostDate(date: string, locale: Locale): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    // The date is a calendar day, not an instant: format it in UTC so no time zone shifts it.
    formatter = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeZone: 'UTC' });
    formatters.set(locale, formatter);
  }
  return formatter.format(new Date(`${date}T00:00:00Z`));
}
