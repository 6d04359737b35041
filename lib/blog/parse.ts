import matter from 'gray-matter';
import type { Locale } from '@/lib/i18n/routing';
import { extractHeadings } from './headings';
import { parseFrontMatter } from './schema';
import { normalizeForSearch } from './search';
import { countWords, markdownToText, readingMinutes } from './text';
import type { Post } from './types';

interface ParsePostInput {
  /** Path shown in errors, e.g. content/blog/<slug>/fr.mdx */
  file: string;
  source: string;
  slug: string;
  locale: Locale;
}

/** Whether a language's file says the post is not translated into it (`translated: false`). */
export function isUntranslated(source: string): boolean {
  return matter(source).data.translated === false;
}

/** One MDX file to a post: front matter checked, headings, word count and search text computed. */
export function parsePost({ file, source, slug, locale }: ParsePostInput): Post {
  const { data, content } = matter(source);
  const front = parseFrontMatter({ data, file });
  const body = content.replace(/^\s+/, '');
  const text = markdownToText(body);
  const words = countWords(text);
  return {
    slug,
    locale,
    title: front.title,
    description: front.description,
    date: front.date,
    updated: front.updated ?? front.date,
    cover: front.cover,
    tags: front.tags,
    category: front.category,
    draft: front.draft ?? false,
    words,
    readingMinutes: readingMinutes(words),
    body,
    headings: extractHeadings(body),
    searchText: normalizeForSearch([front.title, front.description, front.tags.join(' '), text].join('\n')),
  };
}
