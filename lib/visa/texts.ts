import { createFormatter, createTranslator, type Locale as IntlLocale } from 'next-intl';
import { messagesFor, type Messages } from '@/lib/i18n/messages';
import { LOCALE_TAGS, type Locale } from '@/lib/i18n/routing';

/** The engine's texts are the `VisaEngine` namespace of messages/<locale>.json; `{x}` are rule figures. */
type VisaMessages = Messages['VisaEngine'];
export type ReasonId = keyof VisaMessages['reasons'];
export type NoteId = keyof VisaMessages['notes'];
export type FamilyPointId = keyof VisaMessages['family']['points'];
export type EntryTextId = keyof VisaMessages['entry'];
export type ConditionId = keyof VisaMessages['conditions'];
export type ConflictId = keyof VisaMessages['conflicts'];
export type DocumentId = keyof VisaMessages['documents'];

function rethrow(error: Error): never {
  throw error;
}

function createVisaIntl(locale: Locale) {
  // next-intl accepts any BCP 47 tag; the region one keeps "12 March 2026" in English.
  const tag = LOCALE_TAGS[locale] as IntlLocale;
  return {
    // A missing text or figure is a bug of the engine: it throws instead of showing a key.
    t: createTranslator({ locale: tag, messages: messagesFor(locale), namespace: 'VisaEngine', onError: rethrow }),
    format: createFormatter({ locale: tag, timeZone: 'UTC', onError: rethrow }),
  };
}

export type VisaIntl = ReturnType<typeof createVisaIntl>;
export type VisaTextKey = Parameters<VisaIntl['t']>[0];

const byLocale = new Map<Locale, VisaIntl>();

/** next-intl's translator and formatter for one language, made once (they cache their formats). */
export function visaIntl(locale: Locale): VisaIntl {
  let intl = byLocale.get(locale);
  if (!intl) {
    intl = createVisaIntl(locale);
    byLocale.set(locale, intl);
  }
  return intl;
}
