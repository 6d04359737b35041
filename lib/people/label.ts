import { messagesFor } from '@/lib/i18n/messages';
import { DEFAULT_LOCALE, isLocale } from '@/lib/i18n/routing';

const LANGUAGES: Record<string, string> = messagesFor(DEFAULT_LOCALE).AdminConsole.languages;

/**
 * What an operator recognises a person by: the name they gave, else "Visiteur · Allemand · arrivé
 * sur /de/visa-finder" (the page without its query: a plan's answers are shown beside it).
 */
export function personLabel({ name, locale, firstPage }: { name: string | null; locale: string; firstPage: string | null }): string {
  if (name) return name;
  const language = isLocale(locale) ? (LANGUAGES[locale] ?? locale) : locale;
  const page = firstPage?.split(/[?#]/)[0];
  return page ? `Visiteur · ${language} · arrivé sur ${page}` : `Visiteur · ${language}`;
}
