import { LOCALES, PAGE_TYPES, axeViolations, expect, test } from './fixtures';

test.describe('accessibility (axe, WCAG 2.2 A and AA)', () => {
  for (const locale of LOCALES) {
    for (const path of [...PAGE_TYPES, '/page-inconnue']) {
      test(`/${locale}${path} has zero violations`, async ({ page }) => {
        await page.goto(`/${locale}${path}`);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  }

  test('the open language dropdown and mobile menu have zero violations', async ({ page }) => {
    await page.goto('/de/contact');
    await page.locator('summary[aria-label^="Sprache"]').click();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/it/about');
    await page.locator('details.group > summary').click();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the operator page has zero violations', async ({ page }) => {
    await page.goto('/admin/chat');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('keyboard focus is visible on links', async ({ page }) => {
    await page.goto('/fr');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Aller au contenu' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    const outline = await skip.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');
  });
});
