import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { z } from 'zod';
import { LOCALES, type Locale } from '../../i18n/routing';
import { todayInMauritius } from '../../time/mauritius';
import { blogSlugs, checkFrontMatter, checkLinks, checkPostLinks, checkTodo, inlineImages, MIN_WIDTH, readPosts, type Findings } from './check-posts';
import { claimFiles, listPlaceholders } from '../../content/placeholders';
import { claimsSchema, holidaysSchema, identitySchema, legalSchema, offerSchema, personSchema, testimonialSchema, timelineSchema } from '../../content/schema';
import { checkYaml, formatIssue, yamlFilesIn, type ContentIssue } from '../../content/yaml-file';

// `npm run content:check`: everything an editor can get wrong under content/, before a build.
// Errors fail it (exit code 1); warnings (placeholders, long titles) are listed and pass.

const YAML_FILES = [
  ['content/agency/identity.yaml', identitySchema],
  ['content/agency/claims.yaml', claimsSchema],
  ['content/agency/timeline.yaml', timelineSchema],
  ['content/agency/offer.yaml', offerSchema],
  ['content/legal.yaml', legalSchema],
  ['content/holidays-mu.yaml', holidaysSchema],
] as const;

function checkYamlFiles(root: string, findings: Findings) {
  const files: (readonly [string, z.ZodType])[] = [
    ...YAML_FILES,
    ...yamlFilesIn('content/team', root).map((file) => [file, personSchema] as const),
    ...yamlFilesIn('content/testimonials', root).map((file) => [file, testimonialSchema] as const),
  ];
  for (const [file, schema] of files) {
    const full = path.join(root, file);
    if (!existsSync(full)) findings.errors.push({ file, line: 1, field: '', message: 'this file is missing' });
    else findings.errors.push(...checkYaml(file, readFileSync(full, 'utf8'), schema).issues);
  }
}

async function checkImage(root: string, src: string, minWidth: number, where: ContentIssue, findings: Findings) {
  const full = path.join(root, 'public', src);
  if (!src.startsWith('/images/') || !existsSync(full)) {
    findings.errors.push({ ...where, message: `the image ${src} does not exist: put it under public${src.startsWith('/') ? src : `/${src}`}` });
    return;
  }
  const { width = 0 } = await sharp(full).metadata();
  if (width < minWidth) findings.errors.push({ ...where, message: `the image ${src} is ${width} px wide; this use needs at least ${minWidth} px` });
}

async function checkImages(root: string, posts: ReturnType<typeof readPosts>, findings: Findings) {
  for (const post of posts.filter((entry) => !entry.untranslated)) {
    if (typeof post.front.cover === 'string')
      await checkImage(root, post.front.cover, MIN_WIDTH.cover, { file: post.file, line: post.lineOfField('cover'), field: 'cover', message: '' }, findings);
    for (const image of inlineImages(post)) {
      const where = { file: post.file, line: image.line, field: '', message: '' };
      if (!image.alt)
        findings.errors.push({ ...where, message: `the image ${image.src} has no alt text: describe it between the brackets, ![what it shows](${image.src})` });
      await checkImage(root, image.src, MIN_WIDTH.inline, where, findings);
    }
  }
  for (const file of yamlFilesIn('content/team', root)) {
    const photo = /^photo:\s*(\S+)/m.exec(readFileSync(path.join(root, file), 'utf8'))?.[1];
    if (photo && photo !== 'null') await checkImage(root, photo, 256, { file, line: 1, field: 'photo', message: '' }, findings);
  }
}

export async function checkContent({ root = process.cwd(), now = new Date() }: { root?: string; now?: Date } = {}): Promise<Findings> {
  const findings: Findings = { errors: [], warnings: [] };
  checkYamlFiles(root, findings);
  const posts = readPosts(root, findings);
  const today = todayInMauritius(now);
  // A link may point to a post that is published, not to a draft.
  const published = (locale: Locale) =>
    new Set(posts.filter((post) => post.locale === locale && !post.untranslated && post.front.draft !== true).map((post) => post.slug));
  for (const post of posts) {
    checkFrontMatter(post, today, findings);
    checkPostLinks(post, published, findings);
    checkTodo(post, findings);
  }
  for (const slug of blogSlugs(root)) {
    if (posts.filter((post) => post.slug === slug).every((post) => post.untranslated))
      findings.errors.push({
        file: `content/blog/${slug}`,
        line: 1,
        field: '',
        message: 'every language is marked translated: false: the post would appear nowhere',
      });
  }
  await checkImages(root, posts, findings);
  for (const locale of LOCALES) {
    const file = `content/about/${locale}.mdx`;
    const full = path.join(root, file);
    if (!existsSync(full)) findings.errors.push({ file, line: 1, field: '', message: 'the about page needs its text in this language' });
    else checkLinks(file, locale, readFileSync(full, 'utf8'), (offset) => readFileSync(full, 'utf8').slice(0, offset).split('\n').length, published, findings);
  }
  if (findings.errors.length === 0) {
    findings.warnings.push(
      ...listPlaceholders(claimFiles(root), root).map((entry) => ({
        file: entry.split(':')[0]!,
        line: Number(entry.split(':')[1]!.split(' ')[0]),
        field: entry.split(' ')[1] ?? '',
        message: 'placeholder (example: true): left out of production pages until replaced',
      })),
    );
  }
  return findings;
}

export function formatFindings({ errors, warnings }: Findings): string {
  const lines = [...errors.map((issue) => `error   ${formatIssue(issue)}`), ...warnings.map((issue) => `warning ${formatIssue(issue)}`)];
  lines.push(`content:check: ${errors.length} error${errors.length === 1 ? '' : 's'}, ${warnings.length} warning${warnings.length === 1 ? '' : 's'}`);
  return lines.join('\n');
}
