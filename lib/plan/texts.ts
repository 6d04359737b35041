import { createTranslator, type Locale as IntlLocale } from 'next-intl';
import { messagesFor } from '@/lib/i18n/messages';
import { LOCALE_TAGS, type Locale } from '@/lib/i18n/routing';

function rethrow(error: Error): never {
  throw error;
}

const byLocale = new Map<Locale, ReturnType<typeof create>>();

function create(locale: Locale) {
  return createTranslator({ locale: LOCALE_TAGS[locale] as IntlLocale, messages: messagesFor(locale), namespace: 'VisaPlan', onError: rethrow });
}

/** The plan's texts (`VisaPlan` in messages/<locale>.json); a missing one throws, as the engine's do. */
export function planTranslator(locale: Locale) {
  let t = byLocale.get(locale);
  if (!t) byLocale.set(locale, (t = create(locale)));
  return t;
}

export type PlanTranslator = ReturnType<typeof planTranslator>;

/** "lundi 1 mars 2027" in the plan's language. */
export function formatPlanDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** "Coût : …" in French (no-break space before the colon), "Cost: …" elsewhere. */
export function labelled(locale: Locale, label: string, value: string): string {
  return `${label}${locale === 'fr' ? '\u00a0: ' : ': '}${value}`;
}
