// The startup chunks of a build get V8's compile hint (lib/paint-first/compile-hints.ts): the
// framework's and every route's entry chunks, read from a build folder shaped as `next build`
// (Next 16) leaves it; chunks loaded later are left alone, and a second run changes nothing.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT, startupChunks } from '@/lib/paint-first/compile-hints';

let dist: string;
const chunk = (name: string) => path.join(dist, 'static/chunks', name);
const manifest = (route: string, entries: Record<string, string[]>) =>
  `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["${route}"] = {"moduleLoading":{"prefix":""},"clientModules":{"[project]/x.js":{"id":1,"name":"*","chunks":["/_next/static/chunks/lazy.js"],"async":false}},"entryJSFiles":${JSON.stringify(entries)},"entryCSSFiles":{"[project]/app/layout":[{"path":"static/chunks/a.css","inlined":false}]}};\n`;

beforeEach(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'compile-hints-'));
  await mkdir(path.join(dist, 'static/chunks'), { recursive: true });
  await mkdir(path.join(dist, 'server/app/[locale]/blog'), { recursive: true });
  await writeFile(
    path.join(dist, 'build-manifest.json'),
    JSON.stringify({ polyfillFiles: ['static/chunks/polyfill.js'], rootMainFiles: ['static/chunks/framework.js', 'static/chunks/turbopack-runtime.js'] }),
  );
  await writeFile(
    path.join(dist, 'server/app/[locale]/page_client-reference-manifest.js'),
    manifest('/[locale]/page', {
      '[project]/app/layout': ['static/chunks/layout.js'],
      '[project]/app/[locale]/layout': ['static/chunks/layout.js', 'static/chunks/locale.js'],
    }),
  );
  await writeFile(
    path.join(dist, 'server/app/[locale]/blog/page_client-reference-manifest.js'),
    manifest('/[locale]/blog/page', { '[project]/app/[locale]/blog/page': ['static/chunks/blog.js'] }),
  );
  for (const name of ['framework.js', 'turbopack-runtime.js', 'layout.js', 'locale.js', 'blog.js', 'lazy.js', 'polyfill.js'])
    await writeFile(chunk(name), `(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["${name}",1,function(){}]);`);
});
afterEach(() => rm(dist, { recursive: true, force: true }));

describe('compile hints', () => {
  it("finds the framework's chunks and each route's entry chunks, once each", async () => {
    expect(await startupChunks(dist)).toEqual(['blog', 'framework', 'layout', 'locale', 'turbopack-runtime'].map((name) => `static/chunks/${name}.js`));
  });

  it('marks those at their first line, leaves the others, and marks nothing twice', async () => {
    const before = await readFile(chunk('blog.js'), 'utf8');
    expect(await addCompileHints(dist)).toHaveLength(5);
    expect(await readFile(chunk('blog.js'), 'utf8')).toBe(COMPILE_HINT + before);
    expect(await readFile(chunk('framework.js'), 'utf8')).toMatch(/^\/\/# allFunctionsCalledOnLoad\n\(globalThis/);
    for (const name of ['lazy.js', 'polyfill.js']) expect(await readFile(chunk(name), 'utf8')).not.toContain('allFunctionsCalledOnLoad');
    expect(await addCompileHints(dist)).toEqual([]);
    expect(await readFile(chunk('blog.js'), 'utf8')).toBe(COMPILE_HINT + before);
  });

  it('stops the build when the manifests are not what it reads', async () => {
    await writeFile(path.join(dist, 'server/app/[locale]/blog/page_client-reference-manifest.js'), 'globalThis.__RSC_MANIFEST = {};');
    await expect(addCompileHints(dist)).rejects.toThrow(/has no entryJSFiles/);
    await writeFile(path.join(dist, 'build-manifest.json'), '{}');
    await expect(startupChunks(dist)).rejects.toThrow(/no rootMainFiles/);
  });
});
