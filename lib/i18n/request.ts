import { getRequestConfig } from 'next-intl/server';
import { loadMessages } from './messages';
import { DEFAULT_LOCALE, isLocale } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  return {
    locale,
    messages: await loadMessages(locale),
    timeZone: 'Indian/Mauritius',
    // A key missing everywhere renders as itself rather than breaking the page.
    getMessageFallback: ({ namespace, key }) => (namespace ? `${namespace}.${key}` : key),
    onError: (error) => console.error(`[i18n] ${error.message}`),
  };
});
