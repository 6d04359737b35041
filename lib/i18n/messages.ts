import de from '@/messages/de.json';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';
import it from '@/messages/it.json';
import consoleTexts from '@/messages/console/fr.json';
import type { Locale } from './routing';
import { DEFAULT_LOCALE } from './routing';

/** The site's texts in five languages, and the operator console's, which are French only (one file). */
export type Messages = typeof fr & typeof consoleTexts;
type Tree = { [key: string]: string | Tree };

// Server code only: a client component gets `pick(messagesFor(locale), [...])`, never this module.
const CATALOG: Record<Locale, Tree> = { fr, en, es, de, it };
const merged = new Map<Locale, Messages>();

/** Deep merge where `primary` wins: a key missing in a translation falls back to French. */
export function withFallback(primary: Tree, fallback: Tree): Tree {
  const result: Tree = { ...fallback };
  for (const [key, value] of Object.entries(primary)) {
    const base = fallback[key];
    result[key] = typeof value === 'object' && typeof base === 'object' ? withFallback(value, base) : value;
  }
  return result;
}

/** The messages of one language, French filling any gap; for pages and for pure code alike. */
export function messagesFor(locale: Locale): Messages {
  let messages = merged.get(locale);
  if (!messages) {
    const own = CATALOG[locale];
    const site = locale === DEFAULT_LOCALE ? own : withFallback(own, CATALOG[DEFAULT_LOCALE]);
    messages = { ...site, ...consoleTexts } as unknown as Messages;
    merged.set(locale, messages);
  }
  return messages;
}

/** Last resort of a lookup: a key missing even in French renders as its own path. */
export function messageFallback({ namespace, key }: { namespace?: string; key: string }): string {
  return namespace ? `${namespace}.${key}` : key;
}

/** Keeps only the namespaces a client component needs (next-intl ships all messages otherwise). */
export function pick<T extends object, K extends keyof T>(messages: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, messages[key]])) as Pick<T, K>;
}
