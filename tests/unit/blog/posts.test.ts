import { renderToStaticMarkup } from 'react-dom/server';
import { compileMDX } from 'next-mdx-remote/rsc';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/i18n/routing';

const { getPostSlugs, loadPosts } = await import('@/lib/blog/posts');

const SLUGS = ['creer-entreprise-maurice', 'guide-complet-immigration-maurice', 'investir-immobilier-maurice'];
const posts = loadPosts();

describe('the published posts', () => {
  it('are the spec’s three posts, each in the five languages', () => {
    for (const slug of SLUGS) {
      expect(
        posts
          .filter((post) => post.slug === slug)
          .map((post) => post.locale)
          .sort(),
        slug,
      ).toEqual([...LOCALES].sort());
    }
    expect(new Set(posts.map((post) => post.slug))).toEqual(new Set(SLUGS));
  });

  it('are all prerendered, the scheduled ones too', () => {
    expect(getPostSlugs().sort()).toEqual([...SLUGS].sort());
  });

  it('share category, date and cover across translations, with translated titles', () => {
    for (const slug of SLUGS) {
      const versions = posts.filter((post) => post.slug === slug);
      expect(new Set(versions.map((post) => `${post.category} ${post.date} ${post.cover}`)).size, slug).toBe(1);
      expect(new Set(versions.map((post) => post.title)).size, slug).toBe(LOCALES.length);
    }
  });

  it('are substantive, with h2/h3 structure and a reading time of words / 200', () => {
    for (const post of posts) {
      const where = `${post.slug}/${post.locale}`;
      if (post.locale === 'fr') expect(post.words, where).toBeGreaterThanOrEqual(900);
      expect(post.readingMinutes, where).toBe(Math.ceil(post.words / 200));
      expect(
        post.headings.some((heading) => heading.depth === 2),
        where,
      ).toBe(true);
    }
  });

  it('extract the same heading ids as the rendered MDX (rehype-slug)', async () => {
    for (const post of posts) {
      const { content } = await compileMDX({
        source: post.body,
        options: { mdxOptions: { remarkPlugins: [remarkGfm], rehypePlugins: [rehypeSlug] } },
      });
      const html = renderToStaticMarkup(content);
      const rendered = [...html.matchAll(/<h([1-6]) id="([^"]+)">/g)].map((match) => `${match[1]} ${match[2]}`);
      const decoded = rendered.map((entry) => entry.replace(/&amp;/g, '&'));
      expect(
        post.headings.map((heading) => `${heading.depth} ${heading.id}`),
        `${post.slug}/${post.locale}`,
      ).toEqual(decoded);
    }
  });
});
