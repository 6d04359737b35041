import { STATIC_LISTING_SEGMENT } from '@/lib/routes';
import { CATEGORIES, type Category } from '@/lib/content/categories';
import { parseListingParams, type ListingParams } from './listing';
import { paginate } from './pagination';

/** `<category>` segment of the unfiltered listing. */
export const ALL_CATEGORIES = 'all';

export type CategorySegment = Category | typeof ALL_CATEGORIES;

export function categorySegment(category: Category | undefined): CategorySegment {
  return category ?? ALL_CATEGORIES;
}

export function categoryFromSegment(segment: string): Category | undefined {
  return (CATEGORIES as readonly string[]).includes(segment) ? (segment as Category) : undefined;
}

/** The prerendered page for a listing URL's query string, or null for a search (`?q=`). */
export function staticListingPath(locale: string, search: URLSearchParams): string | null {
  const value = (name: string) => search.get(name) ?? undefined;
  const { category, page, q }: ListingParams = parseListingParams({ category: value('category'), page: value('page'), q: value('q') });
  if (q) return null;
  return `/${locale}/${STATIC_LISTING_SEGMENT}/${categorySegment(category)}/${page}`;
}

/** Every (category, page) the listing has for these posts: the prerendered pages. */
export function staticListingParams(posts: { category: Category }[]): { category: CategorySegment; page: string }[] {
  return [undefined, ...CATEGORIES].flatMap((category) => {
    const { totalPages } = paginate({ items: category ? posts.filter((post) => post.category === category) : posts, page: 1 });
    return Array.from({ length: totalPages }, (_, index) => ({ category: categorySegment(category), page: String(index + 1) }));
  });
}
