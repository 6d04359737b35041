import type { Locale } from './routing';
import { DEFAULT_LOCALE } from './routing';

export type Messages = typeof import('@/messages/fr.json');
type Tree = { [key: string]: string | Tree };

const loaders: Record<Locale, () => Promise<{ default: Tree }>> = {
  fr: () => import('@/messages/fr.json'),
  en: () => import('@/messages/en.json'),
  es: () => import('@/messages/es.json'),
  de: () => import('@/messages/de.json'),
  it: () => import('@/messages/it.json'),
};

/** Deep merge where `primary` wins: a key missing in a translation falls back to French. */
export function withFallback(primary: Tree, fallback: Tree): Tree {
  const merged: Tree = { ...fallback };
  for (const [key, value] of Object.entries(primary)) {
    const base = fallback[key];
    merged[key] =
      typeof value === 'object' && typeof base === 'object' ? withFallback(value, base) : value;
  }
  return merged;
}

export async function loadMessages(locale: Locale): Promise<Messages> {
  const own = (await loaders[locale]()).default;
  if (locale === DEFAULT_LOCALE) return own as unknown as Messages;
  const french = (await loaders[DEFAULT_LOCALE]()).default;
  return withFallback(own, french) as unknown as Messages;
}

/** Last resort of a lookup: a key missing even in French renders as its own path. */
export function messageFallback({ namespace, key }: { namespace?: string; key: string }): string {
  return namespace ? `${namespace}.${key}` : key;
}

/** Keeps only the namespaces a client component needs (next-intl ships all messages otherwise). */
export function pick<T extends object, K extends keyof T>(messages: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, messages[key]])) as Pick<T, K>;
}
