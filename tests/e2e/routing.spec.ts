import { LOCALES, PAGE_TYPES, expect, test } from './fixtures';
import { linksOf, serverHtml } from './server-html';

test.describe('routing', () => {
  test('redirects / to the best language and varies on Accept-Language', async ({ request }) => {
    for (const [header, locale] of [
      ['de-DE,de;q=0.9', 'de'],
      ['it-IT', 'it'],
      ['ja-JP', 'fr'],
      ['', 'fr'],
    ] as const) {
      const response = await request.get('/', { headers: { 'accept-language': header }, maxRedirects: 0 });
      expect(response.status()).toBe(307);
      expect(new URL(response.headers().location ?? '', 'http://x').pathname).toBe(`/${locale}`);
      expect(response.headers().vary).toContain('Accept-Language');
      expect(response.headers()['cache-control']).toContain('no-store');
    }
  });

  test('serves every page of every language with status 200', async ({ request }) => {
    for (const locale of LOCALES) {
      for (const page of PAGE_TYPES) {
        const response = await request.get(`/${locale}${page}`, { maxRedirects: 0 });
        expect(response.status(), `/${locale}${page}`).toBe(200);
      }
    }
  });

  test('answers legacy unprefixed paths with 301 to the French page', async ({ request }) => {
    const legacy = {
      '/services': '/fr/services',
      '/visa-finder': '/fr/visa-finder',
      '/blog': '/fr/blog',
      '/about': '/fr/about',
      '/a-propos': '/fr/about',
      '/contact': '/fr/contact',
    };
    for (const [from, to] of Object.entries(legacy)) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(new URL(response.headers().location ?? '', 'http://x').pathname).toBe(to);
    }
  });

  test('answers unknown paths with 404', async ({ request }) => {
    for (const path of ['/nope', '/fr/nope', '/en/services/extra', '/pt', '/wp-login.php', '/de/page-not-found']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
    }
  });

  test('sends an unknown blog slug back to the listing', async ({ request }) => {
    const response = await request.get('/es/blog/no-existe', { maxRedirects: 0 });
    expect([307, 308]).toContain(response.status());
    expect(new URL(response.headers().location ?? '', 'http://x').pathname).toBe('/es/blog');
  });

  test('has the operator page unprefixed and out of search engines', async ({ page }) => {
    const response = await page.goto('/admin');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Console Maurice Expat' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('keeps the language prefix on every internal link of every page (server HTML)', async ({ request }) => {
    for (const locale of LOCALES) {
      for (const path of PAGE_TYPES) {
        const hrefs = linksOf(await serverHtml(request, `/${locale}${path}`)).filter((href) => href.startsWith('/'));
        const unprefixed = hrefs.filter((href) => !/^\/(fr|en|es|de|it)(\/|$|#)/.test(href) && !href.startsWith('/#'));
        expect(unprefixed, `/${locale}${path}`).toEqual([]);
      }
    }
  });
});
