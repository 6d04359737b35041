import { describe, expect, it } from 'vitest';
import { parseCategory } from '@/lib/blog/categories';
import { listingHref, parseListingParams, queryPosts } from '@/lib/blog/listing';
import { paginate, pageNumbers, parsePage } from '@/lib/blog/pagination';
import { getRelatedPosts } from '@/lib/blog/related';
import { cleanQuery, searchPosts } from '@/lib/blog/search';
import { makePost } from './make-post';

describe('pagination', () => {
  const items = Array.from({ length: 23 }, (_, index) => index + 1);

  it('shows 10 per page and clamps the page to the existing ones', () => {
    expect(paginate({ items, page: 1 })).toMatchObject({ items: items.slice(0, 10), page: 1, totalPages: 3, totalItems: 23 });
    expect(paginate({ items, page: 3 }).items).toEqual([21, 22, 23]);
    expect(paginate({ items, page: 9 }).page).toBe(3);
    expect(paginate({ items, page: 0 }).page).toBe(1);
    expect(paginate({ items: [], page: 2 })).toMatchObject({ items: [], page: 1, totalPages: 1 });
  });

  it('reads ?page= as a positive integer, else 1', () => {
    expect(['2', '1', '0', '-3', 'abc', '2.5', undefined].map(parsePage)).toEqual([2, 1, 1, 1, 1, 1, 1]);
  });

  it('numbers every page', () => {
    expect(pageNumbers(3)).toEqual([1, 2, 3]);
    expect(pageNumbers(0)).toEqual([1]);
  });
});

describe('listing URLs', () => {
  it('writes page only above 1 and keeps category and search', () => {
    expect(listingHref('fr', {})).toBe('/fr/blog');
    expect(listingHref('fr', { page: 1, category: 'Business' })).toBe('/fr/blog?category=Business');
    expect(listingHref('de', { page: 2, category: 'Immobilier', q: 'villa à louer' })).toBe('/de/blog?category=Immobilier&q=villa+%C3%A0+louer&page=2');
  });

  it('parses category (stable keys, any case), page and q; ignores the rest', () => {
    expect(parseListingParams({ category: 'immobilier', page: '3', q: '  permis   de travail ' })).toEqual({
      category: 'Immobilier',
      page: 3,
      q: 'permis de travail',
    });
    expect(parseListingParams({ category: 'Sport', page: ['2', '5'] })).toEqual({ category: undefined, page: 2, q: '' });
    expect(parseCategory('Real estate')).toBeUndefined();
  });

  it('cuts very long queries', () => {
    expect(cleanQuery('a'.repeat(500))).toHaveLength(100);
  });
});

describe('search', () => {
  const posts = [
    makePost({ slug: 'a', title: 'Le Premium Visa', body: 'Télétravail depuis Maurice.' }),
    makePost({ slug: 'b', description: 'Acheter une villa', tags: ['Fiscalité'] }),
    makePost({ slug: 'c', body: 'Le permis de résidence des retraités.' }),
  ];

  it('looks in title, description, tags and body, without case or accents', () => {
    expect(searchPosts({ posts, query: 'premium' }).map((post) => post.slug)).toEqual(['a']);
    expect(searchPosts({ posts, query: 'VILLA' }).map((post) => post.slug)).toEqual(['b']);
    expect(searchPosts({ posts, query: 'fiscalite' }).map((post) => post.slug)).toEqual(['b']);
    expect(searchPosts({ posts, query: 'teletravail' }).map((post) => post.slug)).toEqual(['a']);
  });

  it('needs every word of the query and returns everything for an empty one', () => {
    expect(searchPosts({ posts, query: 'permis retraités' }).map((post) => post.slug)).toEqual(['c']);
    expect(searchPosts({ posts, query: 'permis villa' })).toEqual([]);
    expect(searchPosts({ posts, query: '' })).toHaveLength(3);
  });

  it('combines with the category filter and the page', () => {
    const mixed = [makePost({ slug: 'x', category: 'Business', body: 'société' }), makePost({ slug: 'y', category: 'Immigration', body: 'société' })];
    expect(queryPosts({ posts: mixed, category: 'Business', q: 'societe', page: 4 })).toMatchObject({ page: 1, totalItems: 1 });
    expect(queryPosts({ posts: mixed, category: undefined, q: '', page: 1 }).totalItems).toBe(2);
  });
});

describe('related posts', () => {
  const post = makePost({ slug: 'main', category: 'Immobilier' });
  const posts = [
    post,
    makePost({ slug: 'old', category: 'Immobilier', date: '2025-01-01' }),
    makePost({ slug: 'other', category: 'Business' }),
    makePost({ slug: 'new', category: 'Immobilier', date: '2026-06-01' }),
    makePost({ slug: 'mid', category: 'Immobilier', date: '2025-06-01' }),
    makePost({ slug: 'older', category: 'Immobilier', date: '2024-01-01' }),
  ];

  it('keeps the same category, never the post itself, newest first, at most 3', () => {
    expect(getRelatedPosts({ post, posts }).map((related) => related.slug)).toEqual(['new', 'mid', 'old']);
  });

  it('is empty when the category has no other post', () => {
    expect(getRelatedPosts({ post: posts[2]!, posts })).toEqual([]);
  });
});
