import { CATEGORIES, type Category } from '@/lib/content/categories';

/** `?category=immobilier` and `?category=Immobilier` both select the category; anything else is "all". */
export function parseCategory(value: unknown): Category | undefined {
  if (typeof value !== 'string') return undefined;
  return CATEGORIES.find((category) => category.toLowerCase() === value.trim().toLowerCase());
}

/** Key of the category's label in the `BlogCategories` messages. */
export function categoryMessageKey(category: Category): Lowercase<Category> {
  return category.toLowerCase() as Lowercase<Category>;
}
