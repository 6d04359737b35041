import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { DEFAULT_LOCALE, LOCALES, LOCALE_TAGS, type Locale } from '@/lib/i18n/routing';
import { localePath } from '@/lib/routes';
import { SITE, absoluteUrl } from '@/lib/site';

export type MetadataKey = 'home' | 'services' | 'visaFinder' | 'blog' | 'about' | 'contact' | 'privacy' | 'legal' | 'notFound';

/**
 * hreflang alternates of one page path: its languages (the five unless a post leaves some out)
 * plus x-default → French, or the first language it has.
 */
export function languageAlternates(path: string, locales: readonly Locale[] = LOCALES): Record<string, string> {
  const entries = locales.map((locale) => [locale, absoluteUrl(localePath(locale, path))]);
  const fallback = locales.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : locales[0];
  return { ...Object.fromEntries(entries), ...(fallback ? { 'x-default': absoluteUrl(localePath(fallback, path)) } : {}) };
}

/** Open Graph writes the region with an underscore: `fr_FR`. */
const ogLocale = (locale: Locale) => LOCALE_TAGS[locale].replace('-', '_');

interface PageMetadataInput {
  locale: Locale;
  path: string;
  title: string;
  description: string;
  type?: 'website' | 'article';
  index?: boolean;
  /** The languages the page exists in (a post may leave some out). */
  locales?: readonly Locale[];
}

export function pageMetadata({ locale, path, title, description, type = 'website', index = true, locales = LOCALES }: PageMetadataInput): Metadata {
  const url = absoluteUrl(localePath(locale, path));
  return {
    metadataBase: new URL(SITE.url),
    title,
    description,
    alternates: { canonical: url, languages: languageAlternates(path, locales) },
    openGraph: {
      type,
      url,
      title,
      description,
      siteName: SITE.name,
      locale: ogLocale(locale),
      alternateLocale: locales.filter((other) => other !== locale).map(ogLocale),
      images: [{ url: absoluteUrl('/images/og-default.jpg'), width: 1200, height: 630 }],
    },
    twitter: { card: 'summary_large_image', title, description, images: [absoluteUrl('/images/og-default.jpg')] },
    robots: index ? undefined : { index: false, follow: true },
  };
}

/** Metadata of a marketing page from its `Metadata.<key>` messages. */
export async function marketingMetadata(locale: Locale, key: MetadataKey, path: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return pageMetadata({
    locale,
    path,
    title: t(`${key}.title`),
    description: t(`${key}.description`),
    index: key !== 'notFound',
  });
}
