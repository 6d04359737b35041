import type { MetadataRoute } from 'next';
import { getPostLocales, getPosts } from '@/lib/blog';
import { postPath } from '@/lib/blog/seo';
import { LOCALES } from '@/lib/i18n/routing';
import { PAGE_PATHS, localePath } from '@/lib/routes';
import { languageAlternates } from '@/lib/seo';
import { absoluteUrl } from '@/lib/site';

// Re-read hourly, so a scheduled post is listed on its day without a rebuild.
export const revalidate = 3600;

export default function sitemap(): MetadataRoute.Sitemap {
  const pages: MetadataRoute.Sitemap = PAGE_PATHS.flatMap((path) =>
    LOCALES.map((locale) => ({
      url: absoluteUrl(localePath(locale, path)),
      changeFrequency: path === 'blog' ? 'weekly' : 'monthly',
      priority: path === '' ? 1 : 0.7,
      alternates: { languages: languageAlternates(path) },
    })),
  );
  const posts: MetadataRoute.Sitemap = LOCALES.flatMap((locale) =>
    getPosts({ locale }).map((post) => ({
      url: absoluteUrl(localePath(locale, postPath(post.slug))),
      lastModified: post.updated,
      changeFrequency: 'monthly',
      priority: 0.6,
      alternates: { languages: languageAlternates(postPath(post.slug), getPostLocales({ slug: post.slug })) },
    })),
  );
  return [...pages, ...posts];
}
