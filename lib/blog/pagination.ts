import { POSTS_PER_PAGE } from './constants';

export interface Paginated<T> {
  items: T[];
  /** 1-based, clamped to the existing pages. */
  page: number;
  totalPages: number;
  totalItems: number;
}

/** `?page=` as a positive integer; anything else is page 1. */
export function parsePage(value: unknown): number {
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

export function paginate<T>({ items, page, perPage = POSTS_PER_PAGE }: { items: T[]; page: number; perPage?: number }): Paginated<T> {
  const totalPages = Math.max(1, Math.ceil(items.length / perPage));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), totalPages);
  const start = (current - 1) * perPage;
  return { items: items.slice(start, start + perPage), page: current, totalPages, totalItems: items.length };
}

/** Every page number, 1 to totalPages (the blog has few pages, so no ellipsis). */
export function pageNumbers(totalPages: number): number[] {
  return Array.from({ length: Math.max(1, totalPages) }, (_, index) => index + 1);
}
