import { expect, test } from './fixtures';

/** A complete shared visa-finder URL: the page computes the result as it opens. */
const SHARED = '?nationality=France&duration=6-12+mois&work_status=Oui&work_context=remote_foreign&family=Oui';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

test.describe('visa result → "ask an advisor"', () => {
  test('opens the chat and sends the prepared message once for a visitor with no conversation yet', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/chat\/sessions\/[^/]+\/messages$/.test(new URL(request.url()).pathname)) posts.push(request.url());
    });
    await page.goto(`/fr/visa-finder${SHARED}`);
    await expect(page.getByRole('heading', { name: 'Premium Visa', level: 3 })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('maurice-expat:chat-session'))).toBeNull();
    await page.getByRole('button', { name: 'Poser la question à un conseiller' }).click();
    const log = page.getByRole('dialog').getByRole('log');
    const bubble = log.getByRole('listitem').filter({ hasText: "Bonjour, j'aimerais un conseil sur mon projet." });
    await expect(bubble).toHaveCount(1, { timeout: 30_000 });
    // Later state updates (stream status, read marker) must not send it again.
    await page.waitForTimeout(1500);
    await expect(bubble).toHaveCount(1);
    expect(posts).toHaveLength(1);
  });
});

test.describe('scroll position after a visa result', () => {
  for (const [name, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
    test(`on ${name}, the result heading and the recommendation sit just below the sticky header`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/fr/visa-finder');
      await page.getByLabel(/Nationalité/).selectOption('France');
      await page.getByLabel(/Durée du séjour/).selectOption('6-12 mois');
      await page.getByLabel(/travailler à Maurice/).selectOption('Oui');
      await page.getByLabel(/Dans quel cadre/).selectOption('remote_foreign');
      await page.getByLabel(/en famille/).selectOption('Oui');
      await page.getByRole('button', { name: 'Trouver mon visa' }).click();
      const heading = page.getByRole('heading', { name: 'Votre résultat', level: 2 });
      const permit = page.getByRole('heading', { name: 'Premium Visa', level: 3 });
      await expect(permit).toBeVisible();
      const headerBottom = async () => (await page.locator('header.sticky').boundingBox())!.y + (await page.locator('header.sticky').boundingBox())!.height;
      // The smooth scroll takes a moment: wait until the heading stops just under the header.
      await expect
        .poll(async () => {
          const box = (await heading.boundingBox())!;
          return box.y - (await headerBottom());
        })
        .toBeGreaterThanOrEqual(0);
      await expect.poll(async () => (await heading.boundingBox())!.y - (await headerBottom())).toBeLessThan(60);
      const permitBox = (await permit.boundingBox())!;
      expect(permitBox.y + permitBox.height).toBeLessThanOrEqual(viewport.height);
      await expect(page.getByRole('article', { name: 'Votre résultat' })).toBeFocused();
    });
  }
});

test.describe('the language switcher keeps the state', () => {
  test('a visa result stays a result in the other language (desktop)', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/fr/visa-finder');
    await page.getByLabel(/Nationalité/).selectOption('France');
    await page.getByLabel(/Durée du séjour/).selectOption('6-12 mois');
    await page.getByLabel(/travailler à Maurice/).selectOption('Oui');
    await page.getByLabel(/Dans quel cadre/).selectOption('remote_foreign');
    await page.getByRole('button', { name: 'Trouver mon visa' }).click();
    await expect(page.getByRole('heading', { name: 'Premium Visa', level: 3 })).toBeVisible();
    await page.locator('summary[aria-label="Langue\u00a0: Français"]').click();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en\/visa-finder\?nationality=France&duration=6-12\+mois&work_status=Oui&work_context=remote_foreign$/);
    await expect(page.getByRole('article', { name: 'Your result' }).getByRole('heading', { name: 'Premium Visa', level: 3 })).toBeVisible();
    await expect(page.getByLabel(/Nationality/)).toHaveValue('France');
  });

  test('blog filters survive the switch (phone menu)', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/fr/blog?q=visa');
    await page.locator('summary', { hasText: 'Ouvrir le menu' }).click();
    await page.getByRole('navigation', { name: 'Navigation mobile' }).getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/de\/blog\?q=visa$/);
    await expect(page.getByRole('searchbox')).toHaveValue('visa');
  });

  test('the 404 page links to the other language, never to /xx/page-not-found', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const response = await page.goto('/fr/cette-page-n-existe-pas');
    expect(response?.status()).toBe(404);
    await page.locator('summary[aria-label="Langue\u00a0: Français"]').click();
    const english = page.getByRole('link', { name: 'English' });
    // The same path in English, or the English home page: never the internal not-found route.
    await expect(english).toHaveAttribute('href', /^\/en(\/cette-page-n-existe-pas)?$/);
    for (const link of await page.getByRole('link').all()) {
      expect(await link.getAttribute('href')).not.toContain('page-not-found');
    }
  });
});

test.describe('visa form nationalities', () => {
  for (const locale of ['fr', 'de'] as const) {
    test(`are in ${locale} alphabetical order, without Réunion`, async ({ page }) => {
      await page.goto(`/${locale}/visa-finder`);
      const labels = await page.locator('#visa-nationality option:not([value=""])').allTextContents();
      expect(labels.length).toBeGreaterThan(5);
      expect(labels).toEqual([...labels].sort(new Intl.Collator(locale, { sensitivity: 'base' }).compare));
      expect(await page.locator('#visa-nationality option[value="Réunion"]').count()).toBe(0);
    });
  }

  test('an old shared URL with Réunion is read as France', async ({ page }) => {
    await page.goto('/fr/visa-finder?nationality=R%C3%A9union&duration=Moins+de+3+mois&work_status=Non');
    await expect(page.getByLabel(/Nationalité/)).toHaveValue('France');
    await expect(page.locator('#visa-result-title')).toBeVisible();
    await expect(page).toHaveURL(/nationality=France&duration=Moins\+de\+3\+mois&work_status=Non$/);
  });
});
