import { describe, expect, it } from 'vitest';
import type { ContentSource } from '@/lib/blog/posts';
import { parseFrontMatter } from '@/lib/blog/schema';
import { LOCALES } from '@/lib/i18n/routing';

const { loadPosts } = await import('@/lib/blog/posts');

const VALID = {
  title: 'Titre',
  description: 'Description',
  date: '2026-11-14',
  cover: '/images/blog/guide-complet-immigration-maurice.jpg',
  tags: ['immigration'],
  category: 'Immigration',
};

function mdx(front: Record<string, unknown>): string {
  const yaml = Object.entries(front).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return ['---', ...yaml, '---', '', '## Titre', '', 'Texte.'].join('\n');
}

/** One post in five languages, kept in memory; `french` replaces the French file, null removes it. */
function source(french?: string | null, images = ['/images/blog/guide-complet-immigration-maurice.jpg']): ContentSource {
  return {
    slugs: () => ['mon-article'],
    read: (_slug, locale) => (locale !== 'fr' || french === undefined ? mdx(VALID) : (french ?? undefined)),
    hasImage: (publicPath) => images.includes(publicPath),
  };
}

describe('front matter schema', () => {
  it('accepts a complete front matter, and a date YAML read as a Date', () => {
    expect(parseFrontMatter({ data: VALID, file: 'x.mdx' })).toMatchObject({ category: 'Immigration', date: '2026-11-14' });
    expect(parseFrontMatter({ data: { ...VALID, date: new Date('2026-11-14') }, file: 'x.mdx' }).date).toBe('2026-11-14');
  });

  it('names the file and every wrong field', () => {
    const bad = { ...VALID, date: '14/11/2026', category: 'Sport', tags: [] };
    expect(() => parseFrontMatter({ data: bad, file: 'content/blog/a/fr.mdx' })).toThrow(
      /^Invalid front matter in content\/blog\/a\/fr\.mdx: date: .*; tags: .*; category: /,
    );
  });

  it('rejects missing fields, remote covers and unknown fields', () => {
    expect(() => parseFrontMatter({ data: { ...VALID, title: undefined }, file: 'f.mdx' })).toThrow(/f\.mdx: title:/);
    expect(() => parseFrontMatter({ data: { ...VALID, cover: 'https://cdn.example/x.jpg' }, file: 'f.mdx' })).toThrow(/cover:/);
    expect(() => parseFrontMatter({ data: { ...VALID, author: 'Moi' }, file: 'f.mdx' })).toThrow(/author/);
  });
});

describe('loading posts', () => {
  it('reads a post in five languages', () => {
    const posts = loadPosts(source());
    expect(posts.map((post) => post.locale)).toEqual([...LOCALES]);
    expect(posts[0]).toMatchObject({ slug: 'mon-article', words: 2, readingMinutes: 1 });
    expect(posts[0]?.headings).toEqual([{ depth: 2, text: 'Titre', id: 'titre' }]);
  });

  it('fails with the file and the field when front matter is bad', () => {
    expect(() => loadPosts(source(mdx({ ...VALID, category: 'Voyages' })))).toThrow(/^Invalid front matter in content\/blog\/mon-article\/fr\.mdx: category:/);
  });

  it('fails when the cover image does not exist', () => {
    expect(() => loadPosts(source(mdx({ ...VALID, cover: '/images/blog/absente.jpg' })))).toThrow(
      'Invalid front matter in content/blog/mon-article/fr.mdx: cover: /images/blog/absente.jpg does not exist in public/',
    );
  });

  it('fails when a translation is missing or a folder is not a slug', () => {
    expect(() => loadPosts(source(null))).toThrow(/^Missing translation: content\/blog\/mon-article\/fr\.mdx/);
    expect(() => loadPosts({ ...source(), slugs: () => ['Mon Article'] })).toThrow(/must be a lowercase slug/);
  });
});
