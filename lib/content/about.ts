import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { Locale } from '@/lib/i18n/routing';

/** The MDX body of the about page in one language (content/about/<locale>.mdx), front matter removed. */
export function getAboutBody({ locale }: { locale: Locale }): string {
  const file = path.join(process.cwd(), 'content', 'about', `${locale}.mdx`);
  return matter(readFileSync(file, 'utf8')).content.trim();
}
