// Prints the first-load JavaScript (gzip) of every page type in every language, from a production
// build, against its budget (tests/perf/first-load-budget.json, also enforced by the e2e test
// tests/e2e/first-load-budget.spec.ts).
// Usage: npm run build && npm run measure   (starts `next start` on MEASURE_PORT, default 3210)
import { readdirSync, readFileSync } from 'node:fs';
import { firstLoad } from './first-load.mjs';
import { withNextServer } from './next-server.mjs';

const PORT = Number(process.env.MEASURE_PORT ?? 3210);
// One message file per language of the site (tests/unit/i18n/messages.test.ts checks it).
const LOCALES = readdirSync('messages')
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));
const { pages } = JSON.parse(readFileSync(new URL('./first-load-budget.json', import.meta.url), 'utf8'));

let failed = false;
await withNextServer(PORT, async (base) => {
  console.log('page'.padEnd(50), 'status', 'scripts', 'first-load JS (gzip KB)'.padEnd(32), 'HTML (gzip KB)');
  for (const locale of LOCALES) {
    for (const { path: page, kb } of Object.values(pages)) {
      const path = `/${locale}${page}`;
      const result = await firstLoad(base, path);
      const over = result.jsKb > kb;
      failed ||= over;
      console.log(
        path.padEnd(50),
        String(result.status).padEnd(6),
        String(result.scripts).padEnd(7),
        `${result.jsKb.toFixed(1)} / ${kb}${over ? '  OVER BUDGET' : ''}`.padEnd(32),
        result.htmlKb.toFixed(1),
      );
    }
  }
});
process.exitCode = failed ? 1 : 0;
