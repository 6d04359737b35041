import { normalizeForSearch } from '@/lib/blog/search';
import type { Post } from '@/lib/blog/types';

/** A post for tests: only what a test sets matters. */
export function makePost(overrides: Partial<Post> & { slug: string }): Post {
  const post: Post = {
    locale: 'fr',
    title: `Titre ${overrides.slug}`,
    description: 'Description',
    date: '2026-01-01',
    updated: '2026-01-01',
    cover: '/images/blog/cover.jpg',
    tags: [],
    category: 'Immigration',
    draft: false,
    words: 0,
    readingMinutes: 1,
    body: '',
    headings: [],
    searchText: '',
    ...overrides,
  };
  post.searchText = normalizeForSearch([post.title, post.description, post.tags.join(' '), post.body].join('\n'));
  return post;
}
