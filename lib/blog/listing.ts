import type { Locale } from '@/lib/i18n/routing';
import { localePath } from '@/lib/routes';
import { parseCategory } from './categories';
import type { Category } from '@/lib/content/categories';
import { paginate, parsePage, type Paginated } from './pagination';
import { cleanQuery, searchPosts } from './search';
import type { Post } from './types';

export interface ListingParams {
  category?: Category;
  page: number;
  q: string;
}

type SearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function parseListingParams(searchParams: SearchParams): ListingParams {
  return {
    category: parseCategory(first(searchParams.category)),
    page: parsePage(first(searchParams.page)),
    q: cleanQuery(first(searchParams.q)),
  };
}

/** `/fr/blog?category=Business&q=permis&page=2`; `page` is written only above 1. */
export function listingHref(locale: Locale, { category, page = 1, q = '' }: Partial<ListingParams>): string {
  const query = new URLSearchParams();
  if (category) query.set('category', category);
  if (q) query.set('q', q);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return `${localePath(locale, 'blog')}${search ? `?${search}` : ''}`;
}

/** The posts one listing URL shows: category filter, then search, then the requested page. */
export function queryPosts({ posts, category, q, page }: { posts: Post[] } & ListingParams): Paginated<Post> {
  const inCategory = category ? posts.filter((post) => post.category === category) : posts;
  return paginate({ items: searchPosts({ posts: inCategory, query: q }), page });
}
