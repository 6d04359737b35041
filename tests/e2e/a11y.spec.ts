import { axeViolations, expect, test } from './fixtures';

// Every page in every language and on both viewports is checked once by the sweep (sweep.spec.ts);
// here, the states a page reaches only by interaction.
test.describe('accessibility (axe, WCAG 2.2 A and AA)', () => {
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
    await page.goto('/admin');
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
