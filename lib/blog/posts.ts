import 'server-only';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '@/lib/i18n/routing';
import { todayInMauritius } from '@/lib/time/mauritius';
import { isUntranslated, parsePost } from './parse';
import type { Post } from './types';

/** Where posts come from: the disk in the app, a map in tests. */
export interface ContentSource {
  slugs(): string[];
  /** The MDX source of one translation, undefined when the file is missing. */
  read(slug: string, locale: Locale): string | undefined;
  /** Whether a cover such as /images/blog/x.jpg exists under public/. */
  hasImage(publicPath: string): boolean;
}

// Paths stay literal under content/blog and public/images so the build traces only those folders.
export const diskSource: ContentSource = {
  slugs: () =>
    readdirSync(path.join(process.cwd(), 'content', 'blog'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name),
  read: (slug, locale) => {
    const file = path.join(process.cwd(), 'content', 'blog', slug, `${locale}.mdx`);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  },
  hasImage: (publicPath) => publicPath.startsWith('/images/') && existsSync(path.join(process.cwd(), 'public', 'images', publicPath.slice('/images/'.length))),
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Every post in every language it is written in; a bad slug, missing translation or cover, or bad
 * front matter throws. A language's file holding only `translated: false` leaves that language out.
 */
export function loadPosts(source: ContentSource = diskSource): Post[] {
  return source.slugs().flatMap((slug) => {
    if (!SLUG.test(slug)) throw new Error(`Blog folder content/blog/${slug} must be a lowercase slug (a-z, 0-9, dashes).`);
    return LOCALES.flatMap((locale) => {
      const file = `content/blog/${slug}/${locale}.mdx`;
      const mdx = source.read(slug, locale);
      if (mdx === undefined) throw new Error(`Missing translation: ${file} (write it, or a file with only "translated: false" in its front matter).`);
      if (isUntranslated(mdx)) return [];
      const post = parsePost({ file, source: mdx, slug, locale });
      if (!source.hasImage(post.cover)) throw new Error(`Invalid front matter in ${file}: cover: ${post.cover} does not exist in public/`);
      return [post];
    });
  });
}

/** Today's date in Mauritius, YYYY-MM-DD: a post dated today is published from midnight there. */
export function publicationDay(now: Date): string {
  return todayInMauritius(now);
}

/**
 * The posts a visitor may see at `now`: never a draft, and a post dated in the future only from
 * its day on. Development shows everything, so an editor can read a post before it is out.
 */
export function visiblePosts<T extends { draft: boolean; date: string }>(
  posts: T[],
  { now = new Date(), development = process.env.NODE_ENV === 'development' } = {},
): T[] {
  if (development) return posts;
  const today = publicationDay(now);
  return posts.filter((post) => !post.draft && post.date <= today);
}

interface PostIndex {
  byLocale: Map<Locale, Post[]>;
  bySlug: Map<string, Post>;
}

let index: PostIndex | undefined;
const byNewest = (a: Post, b: Post) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug);

// Posts change only with a deploy: read them once per process (on every call in development).
function postIndex(): PostIndex {
  if (index && process.env.NODE_ENV !== 'development') return index;
  const posts = loadPosts().sort(byNewest);
  index = {
    byLocale: new Map(LOCALES.map((locale) => [locale, posts.filter((post) => post.locale === locale)])),
    bySlug: new Map(posts.map((post) => [`${post.locale}/${post.slug}`, post])),
  };
  return index;
}

/** Every post of one language a visitor may see now, newest first. */
export function getPosts({ locale }: { locale: Locale }): Post[] {
  return visiblePosts(postIndex().byLocale.get(locale) ?? []);
}

export function getPost({ slug, locale }: { slug: string; locale: Locale }): Post | undefined {
  const post = postIndex().bySlug.get(`${locale}/${slug}`);
  return post && visiblePosts([post]).length > 0 ? post : undefined;
}

/** The languages a post is visible in now (for hreflang and the sitemap). */
export function getPostLocales({ slug }: { slug: string }): Locale[] {
  return LOCALES.filter((locale) => getPost({ slug, locale }));
}

/**
 * Every slug a page is prerendered for: the scheduled ones too (each page checks its date when
 * rendered and revalidated), never a draft outside development.
 */
export function getPostSlugs(): string[] {
  const all = LOCALES.flatMap((locale) => postIndex().byLocale.get(locale) ?? []);
  return [...new Set(visiblePosts(all, { now: new Date('9999-12-31T00:00:00Z') }).map((post) => post.slug))];
}
