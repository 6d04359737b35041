import { createTranslator, type Locale as IntlLocale } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { messagesFor } from '@/lib/i18n/messages';
import { LOCALE_TAGS, LOCALES } from '@/lib/i18n/routing';

// A plain `{leadDays}` prints 1095 as typed; `{leadDays, number}` lets Intl group it per language.
describe('the privacy policy’s retention periods', () => {
  it.each(LOCALES)('are written as Intl.NumberFormat writes them in %s', (locale) => {
    const t = createTranslator({ locale: LOCALE_TAGS[locale] as IntlLocale, messages: messagesFor(locale), namespace: 'Privacy' });
    const text = t('storage.text', { chatDays: 365, leadDays: 1095 });
    expect(text).toContain(new Intl.NumberFormat(LOCALE_TAGS[locale]).format(1095));
    expect(text).toContain('365');
  });
});
