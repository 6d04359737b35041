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

  test('formats dates and numbers for the page language', async ({ page }) => {
    await page.goto('/fr');
    await expect(page.getByText(/jusqu'au \d{1,2} décembre 2026/)).toBeVisible();
    await expect(page.getByText('98 %', { exact: true })).toBeVisible();
    await page.goto('/en');
    await expect(page.getByText(/December 31, 2026/)).toBeVisible();
    await expect(page.getByText('98%', { exact: true })).toBeVisible();
    await page.goto('/de');
    await expect(page.getByText(/31\. Dezember 2026/)).toBeVisible();
  });
});
