/**
 * Blog categories as editors write them in front matter and visitors in `?category=`: stable keys,
 * translated in the UI. Here, below the blog and the route table, because both read them.
 */
export const CATEGORIES = ['Immigration', 'Immobilier', 'Business'] as const;
export type Category = (typeof CATEGORIES)[number];
