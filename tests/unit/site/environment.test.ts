import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema } from '@/lib/config';

// lib/config.ts reads every variable once; everything else imports its parsed value.

const CONFIG_MODULE = 'lib/config.ts';
const SCANNED = ['app', 'components', 'lib', 'proxy.ts', 'instrumentation.ts', 'next.config.ts'];

/** Variables Next itself sets or needs read in place, and why. */
const FRAMEWORK_READS: Record<string, string> = {
  NEXT_RUNTIME: 'instrumentation.ts: register() runs in the Node and edge runtimes; only Node opens the database',
  NODE_ENV: 'inlined by the bundler (dev-only behaviour such as re-reading blog posts, the dev CSP)',
  NEXT_DIST_DIR: 'next.config.ts: build tooling only, a second build directory for parallel test runs',
  CONTENT_WARNING_PRINTED: 'next.config.ts: set by the build itself so its workers do not print the placeholder warning again',
};

/** Variables in the README's table that the application does not read itself. */
const READ_BY_NEXT = ['PORT'];

function sourceFiles(entry: string): string[] {
  if (statSync(entry).isFile()) return [entry];
  return readdirSync(entry, { withFileTypes: true }).flatMap((child) => {
    const full = path.join(entry, child.name);
    if (child.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/.test(child.name) ? [full] : [];
  });
}

/** Every `process.env` read in `source`: the variable's name, or `*` for the whole object. */
export function envReads(source: string): string[] {
  const reads: string[] = [];
  for (const match of source.matchAll(/process\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*['"`]([^'"`]+)['"`]\s*\])?/g)) {
    reads.push(match[1] ?? match[2] ?? '*');
  }
  return reads;
}

function readmeVariables(): Set<string> {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
  const names = new Set<string>();
  for (const line of section.split('\n').filter((row) => row.startsWith('| `'))) {
    const firstCell = line.split('|')[1] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1]!);
  }
  return names;
}

describe('environment variables', () => {
  it('finds reads of process.env in any form (the scanner itself)', () => {
    expect(envReads('const a = process.env.SITE_URL; const b = process.env["DATA_DIR"]; f(process.env);')).toEqual(['SITE_URL', 'DATA_DIR', '*']);
  });

  it('are read only by lib/config.ts, apart from the listed framework variables', () => {
    const offenders: string[] = [];
    for (const file of SCANNED.flatMap(sourceFiles)) {
      if (file === CONFIG_MODULE) continue;
      for (const name of envReads(readFileSync(file, 'utf8'))) {
        if (!(name in FRAMEWORK_READS)) offenders.push(`${file}: process.env${name === '*' ? '' : `.${name}`}`);
      }
    }
    expect(offenders).toEqual([]);
    expect(envReads(readFileSync(CONFIG_MODULE, 'utf8'))).toEqual(['*']);
  });

  it('are all documented in the README’s configuration table, which lists no other', () => {
    const documented = readmeVariables();
    const schema = Object.keys(configSchema.shape);
    expect(schema.filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !schema.includes(name) && !READ_BY_NEXT.includes(name))).toEqual([]);
  });
});
