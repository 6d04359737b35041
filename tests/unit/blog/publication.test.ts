import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@/lib/i18n/routing';
import { makePost } from './make-post';

vi.mock('server-only', () => ({}));
const { loadPosts, publicationDay, visiblePosts } = await import('@/lib/blog/posts');

// The clock is the test's: vi.setSystemTime moves "now", as the days passing would on a server
// that is never rebuilt (listing, sitemap and feed re-read the posts at every hourly revalidation).

const front = (extra: string) =>
  `---\ntitle: T\ndescription: D\ndate: 2026-12-01\ncover: /images/blog/x.jpg\ntags: [a]\ncategory: Immigration\n${extra}---\n\nBody.\n`;

function source(files: Record<string, string>) {
  return {
    slugs: () => [...new Set(Object.keys(files).map((key) => key.split('/')[0]!))],
    read: (slug: string, locale: Locale) => files[`${slug}/${locale}`],
    hasImage: () => true,
  };
}

const draft = makePost({ slug: 'brouillon', date: '2026-11-01', draft: true });
const scheduled = makePost({ slug: 'programme', date: '2026-12-01' });
const published = makePost({ slug: 'publie', date: '2026-11-20' });
const all = [draft, scheduled, published];
const slugsAt = (iso: string, development = false) => {
  vi.setSystemTime(new Date(iso));
  return visiblePosts(all, { development }).map((post) => post.slug);
};

describe('drafts and scheduled posts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('never shows a draft outside development', () => {
    expect(slugsAt('2030-01-01T00:00:00Z')).not.toContain('brouillon');
  });

  it('shows a post dated in the future from midnight of its day in Mauritius, not before', () => {
    expect(slugsAt('2026-11-30T19:59:59Z')).toEqual(['publie']); // 23:59:59 in Port Louis
    expect(slugsAt('2026-11-30T20:00:00Z')).toEqual(['programme', 'publie']); // 00:00 on 1 December there
    expect(publicationDay(new Date('2026-11-30T20:00:00Z'))).toBe('2026-12-01');
  });

  it('shows drafts and future posts in development, where the editor reads them first', () => {
    expect(slugsAt('2026-11-25T12:00:00Z', true)).toEqual(['brouillon', 'programme', 'publie']);
  });

  it('reads draft from the front matter, and leaves out a language marked translated: false', () => {
    const files = {
      'a/fr': front('draft: true\nscheduled: true\n'),
      'a/en': '---\ntranslated: false\n---\n',
      'a/es': front(''),
      'a/de': front(''),
      'a/it': front(''),
    };
    const posts = loadPosts(source(files));
    expect(posts.map((post) => post.locale)).toEqual(['fr', 'es', 'de', 'it']);
    expect(posts.find((post) => post.locale === 'fr')?.draft).toBe(true);
    expect(posts.find((post) => post.locale === 'es')?.draft).toBe(false);
  });
});
