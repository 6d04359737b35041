import { createFormatter, type Locale as IntlLocale } from 'next-intl';
import { AGENCY_TIME_ZONE } from '../time/mauritius';
import { LOCALE_TAGS, type Locale } from './routing';

type Formatter = ReturnType<typeof createFormatter>;
const formatters = new Map<Locale, Formatter>();

/**
 * Intl formatting for a page's language with its region tag: "23 November 2026" and 24-hour
 * times on /en (en-GB), where next-intl's own formatter, given "en", would write US dates.
 */
export function pageFormatter(locale: Locale): Formatter {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = createFormatter({ locale: LOCALE_TAGS[locale] as IntlLocale, timeZone: AGENCY_TIME_ZONE });
    formatters.set(locale, formatter);
  }
  return formatter;
}
