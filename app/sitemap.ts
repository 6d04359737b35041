import type { MetadataRoute } from 'next';
import { LOCALES } from '@/lib/i18n/routing';
import { PAGE_PATHS, localePath } from '@/lib/routes';
import { languageAlternates } from '@/lib/seo';
import { absoluteUrl } from '@/lib/site';

export default function sitemap(): MetadataRoute.Sitemap {
  return PAGE_PATHS.flatMap((path) =>
    LOCALES.map((locale) => ({
      url: absoluteUrl(localePath(locale, path)),
      changeFrequency: path === 'blog' ? 'weekly' : 'monthly',
      priority: path === '' ? 1 : 0.7,
      alternates: { languages: languageAlternates(path) },
    })),
  );
}
