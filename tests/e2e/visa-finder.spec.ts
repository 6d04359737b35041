import { axeViolations, expect, test } from './fixtures';

const HEADINGS = {
  fr: ['Trouver mon visa', 'Votre résultat', 'Comment ça marche'],
  en: ['Find my visa', 'Your result', 'How it works'],
  es: ['Encontrar mi visado', 'Tu resultado', 'Cómo funciona'],
  de: ['Mein Visum finden', 'Ihr Ergebnis', "So funktioniert's"],
  it: ['Trova il mio visto', 'Il tuo risultato', 'Come funziona'],
} as const;

const SHARED = '?nationality=France&duration=6-12+mois&work_status=Oui&work_context=remote_foreign';

test.describe('visa finder', () => {
  test('asks for the required answers with a toast', async ({ page }) => {
    await page.goto('/fr/visa-finder');
    await page.getByRole('button', { name: 'Trouver mon visa' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Erreur' });
    await expect(alert).toContainText('Erreur');
    await expect(alert).toContainText('Veuillez remplir tous les champs obligatoires.');
    await expect(page.getByLabel(/Nationalité/)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(/Nationalité/)).toBeFocused();
  });

  test('shows the loading state, then the recommendation, and puts the answers in the URL', async ({ page }) => {
    await page.route('/api/visa-check', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto('/fr/visa-finder');
    await page.getByLabel(/Nationalité/).selectOption('France');
    await page.getByLabel(/Durée du séjour/).selectOption('6-12 mois');
    await expect(page.getByLabel(/Dans quel cadre/)).toHaveCount(0);
    await page.getByLabel(/travailler à Maurice/).selectOption('Oui');
    await page.getByLabel(/Dans quel cadre/).selectOption('remote_foreign');
    await page.getByLabel(/en famille/).selectOption('Oui');
    await page.getByRole('button', { name: 'Trouver mon visa' }).click();
    await expect(page.getByRole('button', { name: 'Recherche...' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Réinitialiser' })).toBeDisabled();
    const result = page.getByRole('article', { name: 'Votre résultat' });
    await expect(result.getByRole('heading', { name: 'Premium Visa', level: 3 })).toBeVisible();
    await expect(result).toContainText('1 500 USD');
    await expect(page).toHaveURL(/nationality=France&duration=6-12\+mois&work_status=Oui&work_context=remote_foreign&family=Oui/);
  });

  test('restores a shared result from its URL, and reset clears everything', async ({ page }) => {
    await page.goto(`/en/visa-finder${SHARED}`);
    await expect(page.getByRole('heading', { name: 'Premium Visa', level: 3 })).toBeVisible();
    await expect(page.getByLabel(/Nationality/)).toHaveValue('France');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('article')).toHaveCount(0);
    await expect(page.getByLabel(/Nationality/)).toHaveValue('');
    await expect(page).toHaveURL(/\/en\/visa-finder$/);
  });

  test('shows an error toast when the service fails', async ({ page }) => {
    await page.route('/api/visa-check', (route) => route.abort());
    await page.goto(`/fr/visa-finder${SHARED}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Erreur' })).toContainText('Impossible de récupérer les informations. Veuillez réessayer.');
    await expect(page.getByRole('button', { name: 'Trouver mon visa' })).toBeEnabled();
  });

  test('opens the booking page from the result', async ({ page }) => {
    await page.goto(`/de/visa-finder${SHARED}`);
    const call = page.getByRole('link', { name: /Mein Gespräch vereinbaren/ });
    await expect(call).toBeVisible();
    const href = await call.getAttribute('href');
    if (href?.startsWith('http')) {
      await expect(call).toHaveAttribute('target', '_blank');
      await expect(call).toHaveAttribute('rel', /noopener/);
    } else {
      expect(href).toBe('/de/contact');
    }
  });

  for (const [locale, [submit, result, how]] of Object.entries(HEADINGS)) {
    test(`works in ${locale} with zero axe violations`, async ({ page }) => {
      await page.goto(`/${locale}/visa-finder`);
      await expect(page.getByRole('heading', { name: how })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(`/${locale}/visa-finder${SHARED}`);
      await expect(page.getByRole('heading', { name: result })).toBeVisible();
      await expect(page.getByRole('button', { name: submit })).toBeEnabled();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('is operable with the keyboard', async ({ page }) => {
    await page.goto('/en/visa-finder');
    const nationality = page.getByLabel(/Nationality/);
    await nationality.focus();
    await page.keyboard.press('ArrowDown');
    // The first nationality in English alphabetical order.
    await expect(nationality).toHaveValue('Australie');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel(/plan to work/)).toHaveValue('Non');
    await page.getByRole('button', { name: 'Find my visa' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('article', { name: 'Your result' })).toBeFocused();
  });
});
