import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkContent, formatFindings } from '@/lib/cli/content/check';

// Each test copies content/ and public/images to a folder of its own, makes one editor's mistake
// and expects content:check to name it with its file and line.

let root: string;
const POST = 'content/blog/creer-entreprise-maurice';
const NOW = new Date('2026-11-25T08:00:00Z');

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'content-check-'));
  cpSync('content', path.join(root, 'content'), { recursive: true });
  cpSync('public/images', path.join(root, 'public/images'), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const edit = (file: string, change: (text: string) => string) => writeFileSync(path.join(root, file), change(readFileSync(path.join(root, file), 'utf8')));
const errors = async () =>
  (await checkContent({ root, now: NOW })).errors.map((issue) => `${issue.file}:${issue.line}: ${issue.field ? `${issue.field}: ` : ''}${issue.message}`);
const addToBody = (file: string, markdown: string) => edit(file, (text) => `${text}\n${markdown}\n`);
const lastLine = (file: string) => readFileSync(path.join(root, file), 'utf8').split('\n').length - 1;

describe('npm run content:check', () => {
  it('passes the content as committed, listing the placeholders as warnings', async () => {
    const findings = await checkContent({ root, now: NOW });
    expect(findings.errors).toEqual([]);
    expect(formatFindings(findings)).toMatch(/warning content\/agency\/identity\.yaml:23: phone: placeholder/);
  });

  it('finds a missing translation', async () => {
    rmSync(path.join(root, POST, 'de.mdx'));
    expect(await errors()).toEqual([
      `${POST}/de.mdx:1: missing translation: write this file, or one whose front matter is only "translated: false" to leave de out`,
    ]);
  });

  it('accepts a language left out with translated: false', async () => {
    writeFileSync(path.join(root, POST, 'de.mdx'), '---\ntranslated: false\n---\n');
    expect(await errors()).toEqual([]);
  });

  it('finds a broken internal link, and a link to another language', async () => {
    addToBody(`${POST}/fr.mdx`, 'Voir [le guide](/fr/blog/guide-inexistant) et [the guide](/en/blog/guide-complet-immigration-maurice).');
    const line = lastLine(`${POST}/fr.mdx`);
    expect(await errors()).toEqual([
      `${POST}/fr.mdx:${line}: the link /fr/blog/guide-inexistant leads to no page or published post of this site`,
      `${POST}/fr.mdx:${line}: the link /en/blog/guide-complet-immigration-maurice links to the en version: link to /fr/… instead`,
    ]);
  });

  it('finds a missing image', async () => {
    addToBody(`${POST}/en.mdx`, '![A beach in the north](/images/blog/absent.jpg)');
    expect(await errors()).toEqual([
      `${POST}/en.mdx:${lastLine(`${POST}/en.mdx`)}: the image /images/blog/absent.jpg does not exist: put it under public/images/blog/absent.jpg`,
    ]);
  });

  it('finds an image without alt text, and one too small for its use', async () => {
    addToBody(`${POST}/en.mdx`, '![](/images/home/hero.jpg)');
    writeFileSync(path.join(root, 'public/images/blog/small.png'), await tinyPng());
    edit(`${POST}/es.mdx`, (text) => text.replace(/^cover: .*$/m, 'cover: /images/blog/small.png'));
    expect(await errors()).toEqual([
      `${POST}/en.mdx:${lastLine(`${POST}/en.mdx`)}: the image /images/home/hero.jpg has no alt text: describe it between the brackets, ![what it shows](/images/home/hero.jpg)`,
      `${POST}/es.mdx:5: cover: the image /images/blog/small.png is 10 px wide; this use needs at least 1200 px`,
    ]);
  });

  it('finds an over-long description', async () => {
    edit(`${POST}/it.mdx`, (text) => text.replace(/^description: .*$/m, `description: "${'Una descrizione troppo lunga. '.repeat(7)}"`));
    expect(await errors()).toEqual([`${POST}/it.mdx:3: description: 210 characters: search engines show at most 160; shorten it`]);
  });

  it('finds a date in the future without scheduled, and accepts it with scheduled: true', async () => {
    edit(`${POST}/fr.mdx`, (text) => text.replace(/^date: .*$/m, 'date: 2026-12-24'));
    expect(await errors()).toEqual([
      `${POST}/fr.mdx:4: date: 2026-12-24 is in the future: add "scheduled: true" to publish the post on that day, or correct the date`,
    ]);
    edit(`${POST}/fr.mdx`, (text) => text.replace(/^date: .*$/m, 'date: 2026-12-24\nscheduled: true'));
    expect(await errors()).toEqual([]);
  });

  it('names the file, the line and what is expected in a team member’s file', async () => {
    edit('content/team/founder.yaml', (text) => text.replace(/^ {2}de: Sie lebt.*\n/m, ''));
    expect(await errors()).toEqual(['content/team/founder.yaml:13: bio.de: is missing: expected a text in German (de)']);
    cpSync('content/team/founder.yaml', path.join(root, 'content/team/founder.yaml'));
    edit('content/team/founder.yaml', (text) => text.replace('example: true', 'example: false'));
    expect(await errors()).toEqual(['content/team/founder.yaml:18: consentDate: a real team member needs the date they agreed to appear (YYYY-MM-DD)']);
  });
});

async function tinyPng(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 10, height: 10, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
}

describe('npm run content:new', () => {
  it('writes a post in five languages that content:check accepts as a draft, once its cover exists', async () => {
    const { scaffoldPost } = await import('@/lib/content/scaffold');
    for (const [file, text] of Object.entries(scaffoldPost({ slug: 'nouveau-guide', date: '2026-11-25', category: 'Immigration' }))) {
      mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    expect(await errors()).toEqual([
      'content/blog/nouveau-guide/fr.mdx:5: cover: the image /images/blog/nouveau-guide.jpg does not exist: put it under public/images/blog/nouveau-guide.jpg',
      ...['en', 'es', 'de', 'it'].map(
        (locale) =>
          `content/blog/nouveau-guide/${locale}.mdx:5: cover: the image /images/blog/nouveau-guide.jpg does not exist: put it under public/images/blog/nouveau-guide.jpg`,
      ),
    ]);
    cpSync('public/images/blog/creer-entreprise-maurice.jpg', path.join(root, 'public/images/blog/nouveau-guide.jpg'));
    expect(await errors()).toEqual([]);
    edit('content/blog/nouveau-guide/fr.mdx', (text) => text.replace('draft: true\n', ''));
    expect(await errors()).toEqual([
      'content/blog/nouveau-guide/fr.mdx:2: still holds a TODO: write the text, or keep "draft: true"',
      'content/blog/nouveau-guide/fr.mdx:10: still holds a TODO: write the text, or keep "draft: true"',
    ]);
  });

  it('writes a person file that passes the schema as a placeholder', async () => {
    const { scaffoldPerson } = await import('@/lib/content/scaffold');
    for (const [file, text] of Object.entries(scaffoldPerson({ id: 'nouvelle' }))) writeFileSync(path.join(root, file), text);
    expect(await errors()).toEqual([]);
    expect((await checkContent({ root, now: NOW })).warnings.map((issue) => issue.file)).toContain('content/team/nouvelle.yaml');
  });
});
