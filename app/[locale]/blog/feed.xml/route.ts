import { getTranslations } from 'next-intl/server';
import { getPosts } from '@/lib/blog';
import { categoryMessageKey } from '@/lib/blog/categories';
import { buildRssFeed } from '@/lib/blog/feed';
import { feedUrl, inLanguage, postPath } from '@/lib/blog/seo';
import { LOCALES, isLocale } from '@/lib/i18n/routing';
import { localePath } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site';

export const dynamic = 'force-static';
export const dynamicParams = false;
// Regenerated hourly, so a scheduled post joins the feed on its day without a rebuild.
export const revalidate = 3600;

export function generateStaticParams() {
  return LOCALES.map((locale) => ({ locale }));
}

/** RSS 2.0 feed of one language's posts, newest first. */
export async function GET(_request: Request, { params }: RouteContext<'/[locale]/blog/feed.xml'>) {
  const { locale } = await params;
  if (!isLocale(locale)) return new Response('Not found', { status: 404 });
  const t = await getTranslations({ locale, namespace: 'Blog' });
  const tMeta = await getTranslations({ locale, namespace: 'Metadata' });
  const tCategory = await getTranslations({ locale, namespace: 'BlogCategories' });
  const xml = buildRssFeed({
    title: t('feedTitle'),
    description: tMeta('blog.description'),
    url: absoluteUrl(localePath(locale, 'blog')),
    feedUrl: feedUrl(locale),
    language: inLanguage(locale),
    items: getPosts({ locale }).map((post) => ({
      title: post.title,
      url: absoluteUrl(localePath(locale, postPath(post.slug))),
      description: post.description,
      date: post.date,
      category: tCategory(categoryMessageKey(post.category)),
      tags: post.tags,
    })),
  });
  return new Response(xml, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
