import { messagesFor } from '@/lib/i18n/messages';
import { DEFAULT_LOCALE, isLocale } from '@/lib/i18n/routing';

const LANGUAGES: Record<string, string> = messagesFor(DEFAULT_LOCALE).AdminConsole.languages;

/** What an operator recognises a person by: the name they gave, else "Visiteur · Allemand · arrivé sur /de/visa-finder". */
export function personLabel({ name, locale, firstPage }: { name: string | null; locale: string; firstPage: string | null }): string {
  if (name) return name;
  const language = isLocale(locale) ? (LANGUAGES[locale] ?? locale) : locale;
  return firstPage ? `Visiteur · ${language} · arrivé sur ${firstPage}` : `Visiteur · ${language}`;
}
