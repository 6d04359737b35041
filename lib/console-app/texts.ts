import { createTranslator, type Locale as IntlLocale } from 'next-intl';
import { messagesFor } from '@/lib/i18n/messages';
import { DEFAULT_LOCALE, LOCALE_TAGS } from '@/lib/i18n/routing';
import { SITE } from '@/lib/site';

/** The installed console's own words (`AdminConsole.app`), in the console's language, with the agency's name. */
export function consoleAppTexts() {
  const t = createTranslator({
    locale: LOCALE_TAGS[DEFAULT_LOCALE] as IntlLocale,
    messages: messagesFor(DEFAULT_LOCALE),
    namespace: 'AdminConsole.app',
  });
  const brand = SITE.name;
  return {
    name: t('name', { brand }),
    shortName: t('shortName'),
    description: t('description', { brand }),
    notificationTitle: t('notificationTitle', { brand }),
    notificationBody: t('notificationBody'),
  };
}
