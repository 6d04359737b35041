import { expect, test } from './fixtures';

// The e2e server runs a production build made without SHOW_EXAMPLE_CONTENT: the placeholder
// entries of content/ (example: true) must be absent. The other side (examples shown, marked) is
// covered by tests/unit/site/agency.test.ts and the config default for development and tests.

test.describe('what the agency claims, as a production visitor sees it', () => {
  test('the home page shows no placeholder testimonials, no rating, no 24/7 and the engine’s own delays', async ({ page }) => {
    await page.goto('/fr');
    await expect(page.locator('[data-example]')).toHaveCount(0);
    await expect(page.locator('#testimonials')).toHaveCount(0);
    await expect(page.getByText(/avis|★|24 h\/24/)).toHaveCount(0);
    // Figures and office hours are placeholders until an editor confirms them: no band at all.
    await expect(page.getByRole('region', { name: 'Nos chiffres' })).toHaveCount(0);
    await expect(page.locator('#process')).toContainText(/Premium Visa\u00a0: jusqu'à 3\smois\u00a0; Occupation Permit\u00a0: jusqu'à 90\sjours/);
    await expect(page.getByText('Réponse sous 2 h ouvrées')).toBeVisible();
  });

  test('the about page shows no placeholder team, figures or history, and a text true before any entry', async ({ page }) => {
    await page.goto('/en/about');
    await expect(page.locator('[data-example], [data-figure]')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Our team' })).toHaveCount(0);
    await expect(page.getByText('We help families, professionals and entrepreneurs prepare and succeed in their move to Mauritius.')).toBeVisible();
    // content/about/en.mdx: what the agency does, the consultation, the languages, the visa sources and their date, personal data.
    const body = page.locator('[data-about-body]');
    for (const name of ['What we do', 'How a consultation works', 'Five languages', 'Where our visa information comes from', 'Your personal data']) {
      await expect(body.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(body).toContainText('a free, no-commitment consultation of 30 minutes');
    await expect(body.locator('time[datetime]')).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expect(body.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/en/privacy');
  });

  test('states no placeholder contact detail in the header or the structured data', async ({ page, request }) => {
    await page.goto('/fr');
    await expect(page.getByText(/\+230 212 4500|contact@maurice-expat\.mu/)).toHaveCount(0);
    const html = await (await request.get('/fr')).text();
    const organization = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
      .map((match) => JSON.parse(match[1]!))
      .find((data) => data['@type'] === 'Organization');
    expect(organization).toBeDefined();
    expect(organization).not.toHaveProperty('telephone');
    expect(organization).not.toHaveProperty('email');
    expect(organization).not.toHaveProperty('address');
  });

  test('no sentence sends a visitor to the placeholder address: the privacy page and the busy notice point to the contact page', async ({ request }) => {
    const pages: [string, string][] = [
      ['/fr/privacy', 'écrivez-nous depuis la page Contact'],
      ['/en/privacy', 'write to us from the Contact page'],
      ['/de/contact/busy', 'Versuchen Sie es in ein paar Minuten erneut.'],
    ];
    for (const [path, text] of pages) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain(text);
      expect(html, path).not.toContain('contact@maurice-expat.mu');
    }
  });

  test('the legal notice states no placeholder company, director or host', async ({ page }) => {
    await page.goto('/fr/legal');
    await expect(page.getByRole('heading', { name: 'Mentions légales', level: 1 })).toBeVisible();
    await expect(page.getByText(/Jean Exemple|C00000000|Example Hosting|hosting\.example|\bexemple\b/)).toHaveCount(0);
    // Confirmed facts are stated; the others say they are being confirmed, and how to get them.
    await expect(page.getByText('Corporate and Business Registration Department (CBRD), Port Louis')).toBeVisible();
    await expect(page.locator('[data-legal-pending]').first()).toHaveText('En cours de confirmation');
    await expect(page.getByText(/Certaines informations sont en cours de confirmation/)).toBeVisible();
  });

  test('a retiree’s result shows secondary sources with dates, markers and the known conflicts', async ({ page }) => {
    await page.goto('/en/visa-finder?nationality=France&duration=Plus+de+5+ans&work_status=Retrait%C3%A9');
    const result = page.getByRole('article');
    await expect(result.locator('[data-sources="official"]')).toBeVisible();
    await expect(result.locator('[data-entry]')).toContainText(/Sources: .*PIO: visa requirements/);
    const secondary = result.locator('[data-sources="secondary"]');
    await expect(secondary.getByRole('heading', { name: 'Other sources (not official)' })).toBeVisible();
    await expect(secondary).toContainText('as of November 2025');
    await expect(result.locator('[data-condition="retired_validity"]')).toContainText(/Sources disagree: .*5 years.*180 days/);
    await expect(result.locator('[data-condition="prp_years"]')).toContainText('still shows the former criteria');
    await expect(result.locator('[data-marker="low"]').first()).toHaveText('uncertain');
    await expect(result.getByText(/^Markers: /)).toBeVisible();
    await expect(result.getByText(/^Rules checked on \d{1,2} [A-Z][a-z]+ \d{4}; each source carries its own date\.$/)).toBeVisible();
  });

  test('a French result dates a source known to the month without “état au septembre”', async ({ page }) => {
    await page.goto('/fr/visa-finder?nationality=France&duration=Plus+de+5+ans&work_status=Retrait%C3%A9');
    const secondary = page.getByRole('article').locator('[data-sources="secondary"]');
    await expect(secondary).toContainText(/Mondaq\s:\sévolution des permis de séjour\s—\sdate de la page\s:\snovembre 2025/);
    await expect(secondary).not.toContainText(/état au/);
  });
});
