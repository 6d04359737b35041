import { expect, test } from './fixtures';

test.describe('security headers', () => {
  for (const path of ['/fr', '/en/contact', '/nope', '/services', '/api/visa-check', '/sitemap.xml', '/admin/conversations']) {
    test(`are set on ${path}`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      const headers = response.headers();
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    });
  }

  test('pages work under the policy without violations', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/fr/visa-finder?nationality=France&duration=1-2+ans&work_status=Retrait%C3%A9');
    await expect(page.getByRole('article')).toBeVisible();
    await page.goto('/de');
    expect(violations).toEqual([]);
  });

  test('sets no cookie on a first visit', async ({ page, context }) => {
    await page.goto('/fr');
    await page.goto('/en/services');
    expect(await context.cookies()).toEqual([]);
  });
});
