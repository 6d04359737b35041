import budget from '../perf/first-load-budget.json';
import { firstLoad } from '../perf/first-load.mjs';
import { LOCALES, expect, test } from './fixtures';

// The first-load JavaScript (gzip) of every page type in every language stays within its budget,
// set just above the figures measured when the pages were brought near the framework's floor
// (issue 12; `npm run bench:lighthouse` compares them with a bare Next page).
test.describe('first-load JavaScript budget', () => {
  for (const [pageType, { path, kb }] of Object.entries(budget.pages)) {
    test(`${pageType} stays within ${kb} KB gzip in every language`, async ({ baseURL }) => {
      for (const locale of LOCALES) {
        const result = await firstLoad(baseURL!, `/${locale}${path}`);
        expect(result.status, `/${locale}${path}`).toBe(pageType === 'not-found' ? 404 : 200);
        expect(result.jsKb, `/${locale}${path}: ${result.jsKb.toFixed(1)} KB`).toBeLessThanOrEqual(kb);
      }
    });
  }
});
