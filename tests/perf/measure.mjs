// Prints the first-load JavaScript (gzip) of every page type, from a production build.
// Usage: npm run build && npm run measure   (starts `next start` on MEASURE_PORT, default 3210)
import { readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { withNextServer } from './next-server.mjs';

const PORT = Number(process.env.MEASURE_PORT ?? 3210);
const BUDGET_KB = 150;
// One message file per language of the site (tests/unit/i18n/messages.test.ts checks it).
const LOCALES = readdirSync('messages').filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -'.json'.length));
const PAGES = ['', '/services', '/visa-finder', '/blog', '/blog/guide-complet-immigration-maurice', '/about', '/contact', '/privacy', '/page-inconnue'];

const scriptCache = new Map();
async function gzipBytes(url) {
  if (!scriptCache.has(url)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    scriptCache.set(url, gzipSync(body, { level: 9 }).length);
  }
  return scriptCache.get(url);
}

async function measure(base, path) {
  const response = await fetch(`${base}${path}`);
  const html = await response.text();
  // `noModule` polyfills are skipped by every browser that runs modules, so they are not counted.
  const sources = [...html.matchAll(/<script([^>]*)\ssrc="([^"]+)"([^>]*)>/g)]
    .filter((match) => !/nomodule/i.test(match[1] + match[3]))
    .map((match) => new URL(match[2], base).href);
  const sizes = await Promise.all([...new Set(sources)].map(gzipBytes));
  return {
    status: response.status,
    scripts: sizes.length,
    jsKb: sizes.reduce((sum, size) => sum + size, 0) / 1024,
    htmlKb: gzipSync(Buffer.from(html)).length / 1024,
  };
}

let failed = false;
await withNextServer(PORT, async (base) => {
  console.log('page'.padEnd(24), 'status', 'scripts', 'first-load JS (gzip KB)', 'HTML (gzip KB)');
  for (const locale of LOCALES) {
    for (const page of PAGES) {
      const path = `/${locale}${page}`;
      const result = await measure(base, path);
      const over = result.jsKb > BUDGET_KB;
      failed ||= over;
      console.log(
        path.padEnd(24),
        String(result.status).padEnd(6),
        String(result.scripts).padEnd(7),
        `${result.jsKb.toFixed(1)}${over ? `  OVER ${BUDGET_KB} KB` : ''}`.padEnd(23),
        result.htmlKb.toFixed(1),
      );
    }
  }
});
process.exitCode = failed ? 1 : 0;
