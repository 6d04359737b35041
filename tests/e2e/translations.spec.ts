import { expect, test } from './fixtures';

// "No French text on a page in another language" runs on every page in the sweep (sweep.spec.ts).
test.describe('translations', () => {
  test('formats dates, times and durations for the page language', async ({ page }) => {
    // The office hours are a placeholder left out of production builds (content/agency.ts): the
    // page's durations and dates.
    await page.goto('/fr');
    await expect(page.locator('#process')).toContainText('3\u00a0mois');
    // British English: day-month dates, never "November 14, 2026".
    await page.goto('/en/blog');
    await expect(page.locator('article time').first()).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    await page.goto('/de/blog');
    await expect(page.locator('article time').first()).toHaveText(/^\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}$/);
  });
});
