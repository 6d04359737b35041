import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { frontMatterSchema } from '../../blog/schema';
import { LOCALES, type Locale } from '../../i18n/routing';
import { PAGE_PATHS, localePath } from '../../routes';
import { describeIssue, type ContentIssue } from '../../content/yaml-file';

// What `npm run content:check` finds in content/blog (and the about page's links), each with the
// file and line. Relative imports: the check runs under plain tsx, fast, outside Next.

export const TITLE_MAX = 70;
export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 160;
/** Pixels wide an image needs for its use: a cover is the 1200 × 630 share image. */
export const MIN_WIDTH = { cover: 1200, inline: 768 } as const;

export interface PostFile {
  file: string;
  slug: string;
  locale: Locale;
  untranslated: boolean;
  front: Record<string, unknown>;
  /** Line of the body's first line in the file, and the body itself. */
  bodyLine: number;
  body: string;
  lineOfField: (field: string) => number;
}

export interface Findings {
  errors: ContentIssue[];
  warnings: ContentIssue[];
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Splits `---` front matter from the body and parses it with line numbers. */
export function readPostFile(root: string, slug: string, locale: Locale): PostFile | ContentIssue | undefined {
  const file = `content/blog/${slug}/${locale}.mdx`;
  const full = path.join(root, file);
  if (!existsSync(full)) return undefined;
  const text = readFileSync(full, 'utf8');
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return { file, line: 1, field: '', message: 'expected front matter between two lines of --- at the top of the file' };
  const counter = new LineCounter();
  const doc = parseDocument(match[1]!, { lineCounter: counter });
  if (doc.errors.length > 0)
    return {
      file,
      line: counter.linePos(doc.errors[0]!.pos[0]).line + 1,
      field: '',
      message: `the front matter is not valid YAML (${doc.errors[0]!.message.split('\n')[0]})`,
    };
  const front = (doc.toJS() ?? {}) as Record<string, unknown>;
  const lineOfField = (field: string) => {
    const node = doc.getIn([field], true) as { range?: [number] } | undefined;
    return node?.range ? counter.linePos(node.range[0]).line + 1 : 1;
  };
  const bodyLine = match[0].split('\n').length;
  return { file, slug, locale, untranslated: front.translated === false, front, bodyLine, body: text.slice(match[0].length), lineOfField };
}

/** The line of a character offset in a body that starts at `bodyLine`. */
const lineIn = (post: PostFile, offset: number) => post.bodyLine + post.body.slice(0, offset).split('\n').length - 1;

export function blogSlugs(root: string): string[] {
  const dir = path.join(root, 'content', 'blog');
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
}

/** Every post file, or the issue that stops it being read; a language with no file at all is reported. */
export function readPosts(root: string, findings: Findings): PostFile[] {
  const seen = new Map<string, string>();
  return blogSlugs(root).flatMap((slug) => {
    const folder = `content/blog/${slug}`;
    if (!SLUG.test(slug))
      findings.errors.push({
        file: folder,
        line: 1,
        field: '',
        message: 'the folder name is the address of the post: use lowercase letters, digits and dashes only',
      });
    const twin = seen.get(slug.toLowerCase());
    if (twin) findings.errors.push({ file: folder, line: 1, field: '', message: `the same address as ${twin}: each post needs its own` });
    seen.set(slug.toLowerCase(), folder);
    return LOCALES.flatMap((locale) => {
      const post = readPostFile(root, slug, locale);
      if (post === undefined) {
        findings.errors.push({
          file: `${folder}/${locale}.mdx`,
          line: 1,
          field: '',
          message: `missing translation: write this file, or one whose front matter is only "translated: false" to leave ${locale} out`,
        });
        return [];
      }
      if (!('slug' in post)) {
        findings.errors.push(post);
        return [];
      }
      return [post];
    });
  });
}

/** Front matter against the schema, lengths search engines show, and dates in the future. */
export function checkFrontMatter(post: PostFile, today: string, findings: Findings) {
  if (post.untranslated) return;
  const parsed = frontMatterSchema.safeParse(post.front);
  for (const issue of parsed.error?.issues ?? []) {
    const described = describeIssue(issue, post.front[String(issue.path[0])] === undefined);
    findings.errors.push({
      file: post.file,
      line: post.lineOfField(String(issue.path[0] ?? (issue.code === 'unrecognized_keys' ? issue.keys[0] : ''))),
      ...described,
    });
  }
  const { title, description, date, scheduled } = post.front;
  if (typeof title === 'string' && title.length > TITLE_MAX)
    findings.warnings.push({
      file: post.file,
      line: post.lineOfField('title'),
      field: 'title',
      message: `${title.length} characters: search engines show about ${TITLE_MAX}, the end will be cut`,
    });
  if (typeof description === 'string' && description.length > DESCRIPTION_MAX)
    findings.errors.push({
      file: post.file,
      line: post.lineOfField('description'),
      field: 'description',
      message: `${description.length} characters: search engines show at most ${DESCRIPTION_MAX}; shorten it`,
    });
  if (typeof description === 'string' && description.length < DESCRIPTION_MIN)
    findings.warnings.push({
      file: post.file,
      line: post.lineOfField('description'),
      field: 'description',
      message: `${description.length} characters: a description of ${DESCRIPTION_MIN}–${DESCRIPTION_MAX} characters tells searchers more`,
    });
  if (typeof date === 'string' && date > today && scheduled !== true)
    findings.errors.push({
      file: post.file,
      line: post.lineOfField('date'),
      field: 'date',
      message: `${date} is in the future: add "scheduled: true" to publish the post on that day, or correct the date`,
    });
}

/** Links to this site's pages, written in Markdown or as href, with their offset in the body. */
function internalLinks(body: string): { target: string; offset: number }[] {
  const found: { target: string; offset: number }[] = [];
  for (const match of body.matchAll(/(?<!!)\[[^\]]*\]\((\/[^)\s]*)\)|href="(\/[^"]*)"/g)) found.push({ target: (match[1] ?? match[2])!, offset: match.index });
  return found;
}

/** Internal links resolve to a page or a published post in the same language. */
export function checkLinks(
  file: string,
  locale: Locale,
  body: string,
  lineAt: (offset: number) => number,
  postsIn: (locale: Locale) => Set<string>,
  findings: Findings,
) {
  const pages = new Set(PAGE_PATHS.map((page) => localePath(locale, page)));
  for (const { target, offset } of internalLinks(body)) {
    const pathname = target.replace(/[?#].*$/, '').replace(/\/$/, '') || '/';
    const lang = pathname.split('/')[1];
    const slug = /^\/[a-z]{2}\/blog\/([^/]+)$/.exec(pathname)?.[1];
    const ok = pages.has(pathname) || pathname === `/${locale}/blog/feed.xml` || (lang === locale && slug !== undefined && postsIn(locale).has(slug));
    if (ok) continue;
    const why =
      lang !== locale && (LOCALES as readonly string[]).includes(lang ?? '')
        ? `links to the ${lang} version: link to /${locale}/… instead`
        : 'leads to no page or published post of this site';
    findings.errors.push({ file, line: lineAt(offset), field: '', message: `the link ${target} ${why}` });
  }
}

/** A TODO left by `npm run content:new` may stay in a draft, never in a post that will be published. */
export function checkTodo(post: PostFile, findings: Findings) {
  if (post.untranslated || post.front.draft === true) return;
  const front = JSON.stringify(post.front).indexOf('TODO');
  if (front >= 0)
    findings.errors.push({
      file: post.file,
      line: post.lineOfField(Object.keys(post.front).find((key) => JSON.stringify(post.front[key]).includes('TODO')) ?? ''),
      field: '',
      message: 'still holds a TODO: write the text, or keep "draft: true"',
    });
  const body = post.body.indexOf('TODO');
  if (body >= 0)
    findings.errors.push({ file: post.file, line: lineIn(post, body), field: '', message: 'still holds a TODO: write the text, or keep "draft: true"' });
}

export function checkPostLinks(post: PostFile, postsIn: (locale: Locale) => Set<string>, findings: Findings) {
  if (!post.untranslated) checkLinks(post.file, post.locale, post.body, (offset) => lineIn(post, offset), postsIn, findings);
}

/** Markdown images of a body: alt text and path, with their line. */
export function inlineImages(post: PostFile): { alt: string; src: string; line: number }[] {
  return [...post.body.matchAll(/!\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g)].map((match) => ({
    alt: match[1]!.trim(),
    src: match[2]!,
    line: lineIn(post, match.index),
  }));
}
