import fr from '@/messages/fr.json';
import { LOCALES, PAGE_TYPES, expect, test } from './fixtures';

type Tree = { [key: string]: string | Tree };
const texts = (tree: Tree): string[] => Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : texts(value)));

// Static French sentences (no placeholder): none may appear on a page in another language.
const FRENCH = texts(fr).filter((text) => text.length > 15 && !text.includes('{') && !/Maurice Expat|Data Protection|Occupation Permit|Premium Visa/.test(text));

test.describe('translations', () => {
  for (const locale of LOCALES.filter((code) => code !== 'fr')) {
    test(`no French text on ${locale} pages`, async ({ page }) => {
      for (const path of [...PAGE_TYPES, '/page-inconnue']) {
        await page.goto(`/${locale}${path}`);
        const body = await page.locator('body').innerText();
        const head = await page.evaluate(() => `${document.title} ${document.querySelector('meta[name="description"]')?.getAttribute('content')}`);
        expect(FRENCH.filter((text) => body.includes(text) || head.includes(text)), `/${locale}${path}`).toEqual([]);
      }
    });
  }

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
