import { expect, test } from './fixtures';

test.describe('404 page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  const cases = [
    { path: '/page-inconnue', text: 'Page non trouvée', back: "Retour à l'accueil", home: '/fr' },
    { path: '/fr/page-inconnue', text: 'Page non trouvée', back: "Retour à l'accueil", home: '/fr' },
    { path: '/en/unknown-page', text: 'Page not found', back: 'Back to home', home: '/en' },
    { path: '/de/unbekannt', text: 'Seite nicht gefunden', back: 'Zurück zur Startseite', home: '/de' },
  ];

  for (const { path, text, back, home } of cases) {
    test(`shows the translated 404 for ${path}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
      await expect(page.getByText(text, { exact: true })).toBeVisible();
      const link = page.getByRole('link', { name: back });
      await expect(link).toHaveAttribute('href', home);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    });
  }

  test('has the 404 text in the raw server HTML', async ({ request }) => {
    const response = await request.get('/it/pagina-inesistente');
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('lang="it"');
    expect(html).toMatch(/<h1[^>]*>404<\/h1>/);
    expect(html).toContain('Pagina non trovata');
  });
});
