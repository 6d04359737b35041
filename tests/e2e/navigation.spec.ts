import { expect, test } from './fixtures';

test.describe('language switch', () => {
  test('keeps the rest of the path', async ({ page }) => {
    await page.goto('/fr/services');
    await page.locator('summary[aria-label="Langue\u00a0: Français"]').click();
    await page.getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/de\/services$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsere Leistungen');
  });

  test('is operable with the keyboard and closes on Escape', async ({ page }) => {
    await page.goto('/en/about');
    const summary = page.locator('summary[aria-label="Language: English"]');
    await summary.focus();
    await page.keyboard.press('Enter');
    const italian = page.getByRole('link', { name: 'Italiano' });
    await expect(italian).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(italian).toBeHidden();
    await expect(summary).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'English' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Italiano' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/it\/about$/);
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('opens, lists the links and languages, and closes when a link is chosen', async ({ page }) => {
    await page.goto('/fr');
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
    await page.locator('summary', { hasText: 'Ouvrir le menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Navigation mobile' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([
      'Accueil',
      'Services',
      'Simulateur de visa',
      'Blog',
      'À propos',
      'Contact',
      'Français',
      'English',
      'Español',
      'Deutsch',
      'Italiano',
    ]);
    await menu.getByRole('link', { name: 'Simulateur de visa' }).click();
    await expect(page).toHaveURL(/\/fr\/visa-finder$/);
    await expect(menu).toBeHidden();
  });

  test('switches language from the menu and keeps the path', async ({ page }) => {
    await page.goto('/fr/contact');
    await page.locator('summary', { hasText: 'Ouvrir le menu' }).click();
    await page.getByRole('navigation', { name: 'Navigation mobile' }).getByRole('link', { name: 'Español' }).click();
    await expect(page).toHaveURL(/\/es\/contact$/);
    await expect(page.getByRole('navigation', { name: 'Navegación móvil' })).toBeHidden();
  });

  test('works with the keyboard', async ({ page }) => {
    await page.goto('/en');
    const summary = page.locator('details.group > summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Mobile navigation' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Mobile navigation' })).toBeHidden();
  });

  test('hides the top bar on small screens', async ({ page }) => {
    await page.goto('/fr');
    await expect(page.getByRole('complementary', { name: 'Coordonnées' })).toBeHidden();
  });
});

test.describe('layout on large screens', () => {
  test('shows the top bar, no offer unless one is configured, and no layout shift', async ({ page }) => {
    await page.goto('/fr');
    const topBar = page.getByRole('complementary', { name: 'Coordonnées' });
    await expect(topBar).toBeVisible();
    // The address, phone and e-mail are placeholders (content/agency/identity.yaml): left out of a production build.
    await expect(topBar).toContainText('Planifier un appel');
    await expect(topBar).not.toContainText('Port Louis');
    await expect(page.getByText(/Offre limitée/)).toHaveCount(0);
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
              if (!entry.hadRecentInput) total += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 1000);
        }),
    );
    expect(shift).toBeLessThan(0.01);
  });

  test('the contact page has the form and booking cards, and no WhatsApp link without a number', async ({ page }) => {
    await page.goto('/en/contact');
    for (const label of [/^Full name/, /^Email/, /^Phone/, /^Message/]) await expect(page.getByLabel(label)).toBeVisible();
    await expect(page.getByLabel(/^Message/)).toHaveAttribute('rows', '5');
    await expect(page.getByRole('link', { name: 'Open WhatsApp' })).toHaveCount(0);
    await expect(page.locator('a[href^="https://wa.me/"]')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Schedule a call' })).toBeVisible();
  });
});
