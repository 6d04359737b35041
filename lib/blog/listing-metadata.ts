import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { feedAlternate } from '@/lib/blog/seo';
import type { Locale } from '@/lib/i18n/routing';
import { marketingMetadata } from '@/lib/seo';

/** Every listing view canonicalizes to the listing; search results stay out of the index. */
export async function listingMetadata(locale: Locale, { searching }: { searching: boolean }): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Blog' });
  const metadata = await marketingMetadata(locale, 'blog', 'blog');
  return {
    ...metadata,
    alternates: { ...metadata.alternates, types: feedAlternate(locale, t('feedTitle')) },
    robots: searching ? { index: false, follow: true } : metadata.robots,
  };
}
