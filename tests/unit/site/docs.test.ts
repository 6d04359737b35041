import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README is read by newcomers in minutes: short, with every script, and links that lead somewhere.
// (The configuration table is held to lib/config.ts by environment.test.ts.)

const README = 'README.md';
const MAX_README_LINES = 200;

/** README.md files of the project: the root, deploy/, tests/, content/ and the notes beside the code in lib/. */
function readmes(): string[] {
  const inLib = readdirSync('lib', { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join('lib', entry.name, README)))
    .map((entry) => path.join('lib', entry.name, README));
  return [README, 'deploy/README.md', 'tests/README.md', 'content/README.md', ...inLib].filter((file) => existsSync(file));
}

function section(markdown: string, title: string): string {
  const start = markdown.indexOf(`## ${title}\n`);
  if (start < 0) return '';
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the docs', () => {
  it(`keep README.md within ${MAX_README_LINES} lines`, () => {
    expect(readFileSync(README, 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(MAX_README_LINES);
  });

  it('name every script of package.json in the README’s scripts table', () => {
    const scripts = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts);
    const table = section(readFileSync(README, 'utf8'), 'Scripts');
    const named = (script: string) =>
      new RegExp(`npm (run )?${escapeRegExp(script)}(?![\\w:-])`).test(table) ||
      // `npm run bench:*` followed by the list of benchmark names
      (script.startsWith('bench:') && table.includes('`npm run bench:*`') && table.includes(`\`${script.slice('bench:'.length)}\``));
    expect(scripts.filter((script) => !named(script))).toEqual([]);
  });

  it('link only to files that exist', () => {
    const broken: string[] = [];
    for (const file of readmes()) {
      for (const [, target] of readFileSync(file, 'utf8').matchAll(/\]\(([^)\s]+)\)/g)) {
        // URLs, anchors and site paths (`/fr/visa-finder` in the editors' examples) are not files here.
        if (/^[a-z]+:/i.test(target!) || target!.startsWith('#') || target!.startsWith('/')) continue;
        const relative = target!.split('#')[0]!;
        if (!existsSync(path.join(path.dirname(file), relative))) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
