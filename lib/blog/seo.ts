import type { Metadata } from 'next';
import { LOCALE_TAGS, type Locale } from '@/lib/i18n/routing';
import { localePath } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { SITE, absoluteUrl } from '@/lib/site';
import type { Post } from './types';

const ORGANIZATION_ID = `${SITE.url}/#organization`;

export function postPath(slug: string): string {
  return `blog/${slug}`;
}

export function feedUrl(locale: Locale): string {
  return absoluteUrl(localePath(locale, 'blog/feed.xml'));
}

/** `<link rel="alternate" type="application/rss+xml">` for feed autodiscovery. */
export function feedAlternate(locale: Locale, title: string): NonNullable<Metadata['alternates']>['types'] {
  return { 'application/rss+xml': [{ url: feedUrl(locale), title }] };
}

export function inLanguage(locale: Locale): string {
  return LOCALE_TAGS[locale];
}

interface PostMetadataInput {
  post: Post;
  section: string;
  feedTitle: string;
  /** The languages the post is published in (hreflang). */
  locales: readonly Locale[];
}

/** Article metadata: canonical, hreflang to the five translations, Open Graph article tags, feed link. */
export function postMetadata({ post, section, feedTitle, locales }: PostMetadataInput): Metadata {
  const base = pageMetadata({
    locale: post.locale,
    path: postPath(post.slug),
    title: `${post.title} – ${SITE.name}`,
    description: post.description,
    type: 'article',
    locales,
  });
  const image = { url: absoluteUrl(post.cover), alt: post.title };
  return {
    ...base,
    alternates: { ...base.alternates, types: feedAlternate(post.locale, feedTitle) },
    openGraph: {
      ...base.openGraph,
      type: 'article',
      publishedTime: post.date,
      modifiedTime: post.updated,
      authors: [SITE.name],
      section,
      tags: post.tags,
      images: [image],
    },
    twitter: { ...base.twitter, images: [image.url] },
  };
}

export function blogPostingJsonLd(post: Post): Record<string, unknown> {
  const url = absoluteUrl(localePath(post.locale, postPath(post.slug)));
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    headline: post.title,
    description: post.description,
    image: [absoluteUrl(post.cover)],
    datePublished: post.date,
    dateModified: post.updated,
    inLanguage: inLanguage(post.locale),
    keywords: post.tags.join(', '),
    articleSection: post.category,
    wordCount: post.words,
    author: { '@type': 'Organization', '@id': ORGANIZATION_ID, name: SITE.name, url: SITE.url },
    publisher: { '@type': 'Organization', '@id': ORGANIZATION_ID, name: SITE.name, logo: { '@type': 'ImageObject', url: absoluteUrl('/icon.svg') } },
  };
}
