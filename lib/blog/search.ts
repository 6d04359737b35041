import { MAX_QUERY_LENGTH } from './constants';

/** Lower case without accents, so "legislation" finds "législation" and "IMMOBILIER" finds "immobilier". */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’‘]/g, "'")
    .toLowerCase();
}

/** The query as typed, trimmed and cut to a sane length; '' when absent. */
export function cleanQuery(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
}

/** Posts whose title, description, tags or body contain every word of the query. */
export function searchPosts<T extends { searchText: string }>({ posts, query }: { posts: T[]; query: string }): T[] {
  const terms = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return posts;
  return posts.filter((post) => terms.every((term) => post.searchText.includes(term)));
}
