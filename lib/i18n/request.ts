import { getRequestConfig } from 'next-intl/server';
import { AGENCY_TIME_ZONE } from '../time/mauritius';
import { messageFallback, messagesFor } from './messages';
import { DEFAULT_LOCALE, isLocale } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  return {
    locale,
    messages: messagesFor(locale),
    timeZone: AGENCY_TIME_ZONE,
    getMessageFallback: messageFallback,
    onError: (error) => console.error(`[i18n] ${error.message}`),
  };
});
