import type { Locale } from '@/lib/i18n/routing';
import { LOCALES, PAGE_TYPES, SITE_URL, expect, readHead, test } from './fixtures';
import { readServerHead, serverHtml } from './server-html';

// Written out, not derived: this is what crawlers must read.
const OG_LOCALES: Record<Locale, string> = { fr: 'fr_FR', en: 'en_GB', es: 'es_ES', de: 'de_DE', it: 'it_IT' };

test.describe('SEO in the server HTML', () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of LOCALES) {
    test(`every ${locale} page carries its language, canonical, alternates and social tags`, async ({ request }) => {
      const titles = new Set<string>();
      for (const path of PAGE_TYPES) {
        const head = readServerHead(await serverHtml(request, `/${locale}${path}`));
        const self = `${SITE_URL}/${locale}${path}`;
        expect(head.lang).toBe(locale);
        expect(head.title.length).toBeGreaterThan(10);
        expect(head.description?.length ?? 0).toBeGreaterThan(50);
        expect(head.canonical).toBe(self);
        expect(head.ogLocale).toBe(OG_LOCALES[locale]);
        expect(head.ogAlternates.sort()).toEqual(
          Object.values(OG_LOCALES)
            .filter((tag) => tag !== OG_LOCALES[locale])
            .sort(),
        );
        expect(head.ogTitle).toBe(head.title);
        expect(head.twitterCard).toBe('summary_large_image');
        expect(head.hreflang).toEqual({
          ...Object.fromEntries(LOCALES.map((other) => [other, `${SITE_URL}/${other}${path}`])),
          'x-default': `${SITE_URL}/fr${path}`,
        });
        titles.add(head.title);
      }
      expect(titles.size).toBe(PAGE_TYPES.length);
    });
  }

  test('titles differ per language', async ({ request }) => {
    const titles = new Set<string>();
    for (const locale of LOCALES) titles.add(readServerHead(await serverHtml(request, `/${locale}/services`)).title);
    expect(titles.size).toBe(LOCALES.length);
  });

  test('structured data uses the site URL, with search action, services and breadcrumb', async ({ page }) => {
    await page.goto('/en/services');
    const { jsonLd } = await readHead(page);
    const types = jsonLd.map((data) => data['@type'] ?? data['@graph']?.[0]?.['@type']);
    expect(types).toEqual(expect.arrayContaining(['Organization', 'WebSite', 'BreadcrumbList', 'Service']));
    const website = jsonLd.find((data) => data['@type'] === 'WebSite');
    expect(website.potentialAction.target.urlTemplate).toBe(`${SITE_URL}/en/blog?q={search_term_string}`);
    const services = jsonLd.find((data) => data['@graph'])['@graph'];
    expect(services).toHaveLength(6);
    const breadcrumb = jsonLd.find((data) => data['@type'] === 'BreadcrumbList');
    expect(breadcrumb.itemListElement.map((item: { item: string }) => item.item)).toEqual([`${SITE_URL}/en`, `${SITE_URL}/en/services`]);
    const text = JSON.stringify(jsonLd);
    expect(text).not.toMatch(/example\.com|votre-domaine|placeholder/i);
    expect(text).not.toMatch(/AggregateRating|"Review"/);
  });

  test('the home page has no breadcrumb, inner pages do', async ({ page }) => {
    await page.goto('/fr');
    expect((await readHead(page)).jsonLd.some((data) => data['@type'] === 'BreadcrumbList')).toBe(false);
    await expect(page.locator('nav[aria-label="Fil d\'Ariane"]')).toHaveCount(0);
    await page.goto('/fr/about');
    const crumbs = page.locator('nav[aria-label="Fil d\'Ariane"] li');
    await expect(crumbs).toHaveText(['Accueil', 'À propos']);
    await expect(crumbs.last().locator('a')).toHaveCount(0);
  });
});

test.describe('sitemap and robots', () => {
  test('the sitemap lists every page of every language with alternates', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const locale of LOCALES) {
      for (const path of PAGE_TYPES) expect(locs).toContain(`${SITE_URL}/${locale}${path}`);
    }
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${SITE_URL}/fr/services" />`);
    expect(xml).not.toContain('page-not-found');
  });

  test('robots.txt points to the sitemap with an absolute URL', async ({ request }) => {
    const text = await (await request.get('/robots.txt')).text();
    expect(text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });
});
