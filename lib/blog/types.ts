import type { Locale } from '@/lib/i18n/routing';
import type { Category } from '@/lib/content/categories';
import type { Heading } from './headings';

export interface PostSummary {
  slug: string;
  locale: Locale;
  title: string;
  description: string;
  /** YYYY-MM-DD */
  date: string;
  /** YYYY-MM-DD: last update, `date` when the front matter gives none. */
  updated: string;
  cover: string;
  tags: string[];
  category: Category;
  /** Never shown outside development. */
  draft: boolean;
  words: number;
  readingMinutes: number;
}

export interface Post extends PostSummary {
  /** The MDX body, front matter removed. */
  body: string;
  headings: Heading[];
  /** Title, description, tags and body as plain text, normalized for search. */
  searchText: string;
}
