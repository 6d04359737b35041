// First-load JavaScript of a page: every <script src> of its server HTML and every chunk its loader
// adds after the first paint (lib/paint-first; module scripts; the
// `noModule` polyfills are skipped by every browser that runs modules), gzip level 9, in KB.
// Shared by `npm run measure` and the budget test (tests/e2e/first-load-budget.spec.ts).
import { gzipSync } from 'node:zlib';

const scriptCache = new Map();
async function gzipBytes(url) {
  if (!scriptCache.has(url)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    scriptCache.set(url, gzipSync(body, { level: 9 }).length);
  }
  return scriptCache.get(url);
}

/** The chunks a page's loader (lib/paint-first) adds after the first paint, in its order. */
export function loaderChunks(html) {
  return JSON.parse(/\}\)\((\["\/_next\/[^\]]*\])\)<\/script>/.exec(html)?.[1] ?? '[]');
}

/** @returns {Promise<{ status: number, scripts: number, jsKb: number, htmlKb: number }>} */
export async function firstLoad(base, path) {
  const response = await fetch(`${base}${path}`);
  const html = await response.text();
  const sources = [...html.matchAll(/<script([^>]*)\ssrc="([^"]+)"([^>]*)>/g)]
    .filter((match) => !/nomodule/i.test(match[1] + match[3]))
    .map((match) => match[2].replaceAll('&amp;', '&'))
    .concat(loaderChunks(html))
    .map((source) => new URL(source, base).href);
  const sizes = await Promise.all([...new Set(sources)].map(gzipBytes));
  return {
    status: response.status,
    scripts: sizes.length,
    jsKb: sizes.reduce((sum, size) => sum + size, 0) / 1024,
    htmlKb: gzipSync(Buffer.from(html)).length / 1024,
  };
}
