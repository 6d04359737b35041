import type { Page } from '@playwright/test';
import { LOCALES, SITE_URL, expect, readHead, test } from './fixtures';

const GUIDE = '/fr/blog/guide-complet-immigration-maurice';
const SLUGS_NEWEST_FIRST = ['guide-complet-immigration-maurice', 'investir-immobilier-maurice', 'creer-entreprise-maurice'];

const cards = (page: Page) => page.locator('main ul article');
const cardLinks = (page: Page) => cards(page).getByRole('heading').getByRole('link');
const toc = (page: Page) => page.getByRole('navigation', { name: 'Sommaire' });

test.describe('blog listing', () => {
  test('shows every post as a card in the page language', async ({ page }) => {
    await page.goto('/fr/blog');
    await expect(page.getByTestId('result-count')).toHaveText('3 articles');
    await expect(cardLinks(page)).toHaveCount(3);
    const hrefs = await cardLinks(page).evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(SLUGS_NEWEST_FIRST.map((slug) => `/fr/blog/${slug}`));
    const first = cards(page).first();
    await expect(first.locator('time')).toHaveText('14 novembre 2026');
    await expect(first).toContainText(/\d+\s+min de lecture/);
    await expect(first.getByText('Immigration', { exact: true })).toBeVisible();
    await expect(first.getByRole('link', { name: /Lire la suite/ })).toHaveAttribute('href', `/fr/blog/${SLUGS_NEWEST_FIRST[0]}`);
    for (const card of await cards(page).all()) expect(await card.locator('li').count()).toBeLessThanOrEqual(3);
    await page.goto('/de/blog');
    await expect(cards(page).first().locator('time')).toHaveText('14. November 2026');
    await expect(page.getByTestId('result-count')).toHaveText('3 Artikel');
  });

  test('filters by category with stable keys, translated labels and a reset to page 1', async ({ page }) => {
    await page.goto('/en/blog?q=mauritius&page=3');
    const filter = page.getByRole('navigation', { name: 'Filter by category' });
    const hrefs = await filter.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual([
      '/en/blog?q=mauritius',
      '/en/blog?category=Immigration&q=mauritius',
      '/en/blog?category=Immobilier&q=mauritius',
      '/en/blog?category=Business&q=mauritius',
    ]);
    await page.goto('/en/blog');
    await filter.getByRole('link', { name: 'Real estate' }).click();
    await expect(page).toHaveURL(/\/en\/blog\?category=Immobilier$/);
    await expect(filter.getByRole('link', { name: 'Real estate' })).toHaveAttribute('aria-current', 'page');
    await expect(cardLinks(page)).toHaveText(['Investing in Mauritius real estate: the complete guide for foreigners']);
    await expect(page.getByTestId('result-count')).toHaveText('1 article');
  });

  test('a single page of results shows no pagination; unknown pages clamp to it', async ({ page }) => {
    for (const url of ['/fr/blog', '/fr/blog?page=9', '/fr/blog?page=abc']) {
      await page.goto(url);
      await expect(cardLinks(page)).toHaveCount(3);
      await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
    }
  });

  test('an empty search suggests words that find articles and the next steps', async ({ page }) => {
    await page.goto('/fr/blog?q=zzzz');
    await expect(page.getByText("Essayez l'un de ces mots")).toBeVisible();
    const suggestion = page.getByTestId('search-suggestions').getByRole('link').first();
    await suggestion.click();
    await expect(cardLinks(page).first()).toBeVisible();
    await page.goto('/fr/blog?q=zzzz');
    await expect(page.getByRole('link', { name: 'simulateur de visa', exact: true })).toHaveAttribute('href', '/fr/visa-finder');
    await expect(page.getByRole('link', { name: 'posez votre question à un conseiller' })).toHaveAttribute('href', '/fr/contact');
  });

  test('searches title, description, tags and body, keeping the query in the form', async ({ page }) => {
    await page.goto('/fr/blog');
    await page.getByRole('searchbox', { name: 'Rechercher un article' }).fill('CBRD');
    await page.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/fr\/blog\?q=CBRD$/);
    await expect(cardLinks(page)).toHaveCount(1);
    await expect(cardLinks(page)).toHaveAttribute('href', '/fr/blog/creer-entreprise-maurice');
    await expect(page.getByRole('searchbox')).toHaveValue('CBRD');
    await page.goto('/fr/blog?q=notaire');
    await expect(cardLinks(page)).toHaveCount(2);
    await page.goto('/fr/blog?q=notaire&category=Immobilier');
    await expect(cardLinks(page)).toHaveAttribute('href', '/fr/blog/investir-immobilier-maurice');
    await page.goto('/fr/blog?q=zzzz');
    await expect(page.getByText('Aucun article ne correspond à votre recherche.')).toBeVisible();
    await page.getByRole('link', { name: 'Effacer la recherche' }).click();
    await expect(cardLinks(page)).toHaveCount(3);
  });

  test('says when nothing matches, in the page language', async ({ page }) => {
    await page.goto('/fr/blog?category=Business&q=retraite');
    await expect(page.getByText('Aucun article ne correspond à votre recherche.')).toBeVisible();
    await page.goto('/it/blog?category=Business&q=zzzz');
    await expect(page.getByText('Nessun articolo corrisponde alla tua ricerca.')).toBeVisible();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('filters, searches and links to articles from the server HTML', async ({ page }) => {
      await page.goto('/es/blog');
      await expect(cardLinks(page)).toHaveCount(3);
      await page.getByRole('link', { name: 'Negocios' }).click();
      await expect(page).toHaveURL(/\/es\/blog\?category=Business$/);
      await expect(cardLinks(page)).toHaveCount(1);
      await page.getByRole('searchbox').fill('CBRD');
      await page.getByRole('button', { name: 'Buscar' }).click();
      await expect(page).toHaveURL(/\/es\/blog\?q=CBRD&category=Business$/);
      await expect(cardLinks(page)).toHaveCount(1);
      await cardLinks(page).click();
      await expect(page).toHaveURL(/\/es\/blog\/creer-entreprise-maurice$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
});

test.describe('blog article', () => {
  test('shows cover, badge, date, reading time, title, tags, body and a way back', async ({ page }) => {
    await page.goto(GUIDE);
    const header = page.locator('article > header');
    await expect(header.getByRole('heading', { level: 1 })).toHaveText(/^Immigrer à l’île Maurice/);
    await expect(header.locator('time')).toHaveText('14 novembre 2026');
    await expect(header).toContainText(/\d+\s+min de lecture/);
    await expect(header.locator('img')).toHaveAttribute('src', /_next\/image\?url=%2Fimages%2Fblog%2Fguide-complet-immigration-maurice\.jpg/);
    await expect(header.getByRole('list', { name: 'Mots-clés' }).getByRole('listitem').first()).toHaveText('#Immigration');
    await expect(page.locator('article table').first()).toBeVisible();
    await expect(page.locator('nav[aria-label="Fil d\'Ariane"] li').last()).toHaveText(/^Immigrer à l’île Maurice/);
    await page.getByRole('link', { name: 'Retour au blog' }).click();
    await expect(page).toHaveURL(/\/fr\/blog$/);
  });

  test('lists every heading in the table of contents, 12 px deeper per level', async ({ page }) => {
    await page.goto(GUIDE);
    const ids = await page.locator('article :is(h2, h3)[id]:not(#toc-title)').evaluateAll((headings) => headings.map((h) => h.id));
    const links = toc(page).getByRole('link');
    expect(await links.evaluateAll((all) => all.map((link) => decodeURIComponent(link.getAttribute('href') ?? '').slice(1)))).toEqual(ids);
    const indent = (depth: number) =>
      toc(page)
        .locator(`a[data-depth="${depth}"]`)
        .first()
        .locator('..')
        .evaluate((li) => getComputedStyle(li).paddingLeft);
    expect([await indent(2), await indent(3)]).toEqual(['12px', '24px']);
  });

  test('highlights the heading in view while scrolling and scrolls to a heading on click', async ({ page }) => {
    await page.goto(GUIDE);
    const links = toc(page).getByRole('link');
    const scrollTo = (index: number) =>
      links.nth(index).evaluate((link) => {
        const target = document.getElementById(decodeURIComponent(link.getAttribute('href') ?? '').slice(1));
        if (target) window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - 110, behavior: 'instant' });
      });
    for (const index of [6, 2, 12]) {
      await scrollTo(index);
      await expect(links.nth(index)).toHaveAttribute('aria-current', 'location');
      await expect(toc(page).locator('[aria-current="location"]')).toHaveCount(1);
    }
    await links.nth(4).click();
    const hash = await links.nth(4).getAttribute('href');
    await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toBe(hash);
    const top = () => page.evaluate(() => document.getElementById(decodeURIComponent(location.hash.slice(1)))?.getBoundingClientRect().top ?? -1);
    // Smooth scrolling: the heading comes to rest just under the sticky header.
    await expect.poll(top).toBeGreaterThan(60);
    await expect.poll(top).toBeLessThan(200);
    await expect(links.nth(4)).toHaveAttribute('aria-current', 'location');
  });

  test.describe('share', () => {
    test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

    test('copies the link and shows a toast when the browser cannot share', async ({ page }) => {
      await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
      await page.goto('/en/blog/investir-immobilier-maurice');
      await page.getByRole('button', { name: 'Share' }).click();
      await expect(page.getByRole('status')).toContainText('Link copied!');
      await expect(page.getByRole('status')).toContainText('The article link has been copied to the clipboard.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${SITE_URL}/en/blog/investir-immobilier-maurice`);
    });

    test('uses the native share sheet with title, text and URL where it exists', async ({ page }) => {
      await page.addInitScript(() => {
        const calls: ShareData[] = [];
        Object.assign(window, { shareCalls: calls });
        Object.defineProperty(Navigator.prototype, 'share', { value: async (data: ShareData) => void calls.push(data), configurable: true });
      });
      await page.goto(GUIDE);
      await page.getByRole('button', { name: 'Partager' }).click();
      const calls = await page.evaluate(() => (window as unknown as { shareCalls: ShareData[] }).shareCalls);
      expect(calls).toEqual([{ title: expect.stringMatching(/^Immigrer/), text: expect.stringMatching(/^Séjour sans visa/), url: `${SITE_URL}${GUIDE}` }]);
      await expect(page.getByRole('status')).toHaveCount(0);
    });
  });

  test('sends an unknown slug back to the listing of its language', async ({ page, request }) => {
    const response = await request.get('/it/blog/non-esiste', { maxRedirects: 0 });
    expect(response.status()).toBe(307);
    await page.goto('/de/blog/gibt-es-nicht');
    await expect(page).toHaveURL(/\/de\/blog$/);
  });

  test('carries BlogPosting data, article tags, hreflang and the feed link in the server HTML', async ({ browser }) => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto('/es/blog/creer-entreprise-maurice');
    const head = await readHead(page);
    expect(head.hreflang).toEqual({
      ...Object.fromEntries(LOCALES.map((locale) => [locale, `${SITE_URL}/${locale}/blog/creer-entreprise-maurice`])),
      'x-default': `${SITE_URL}/fr/blog/creer-entreprise-maurice`,
    });
    expect(head.canonical).toBe(`${SITE_URL}/es/blog/creer-entreprise-maurice`);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute('content', '2026-10-28');
    await expect(page.locator('meta[property="article:tag"]').first()).toHaveAttribute('content', 'Empresa');
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', `${SITE_URL}/es/blog/feed.xml`);
    const posting = head.jsonLd.find((data) => data['@type'] === 'BlogPosting');
    const organization = { '@type': 'Organization', '@id': `${SITE_URL}/#organization` };
    expect(posting).toMatchObject({ headline: expect.any(String), inLanguage: 'es-ES', datePublished: '2026-10-28', dateModified: '2026-10-28' });
    expect(posting).toMatchObject({ image: [`${SITE_URL}/images/blog/creer-entreprise-maurice.jpg`], author: organization, publisher: organization });
    await page.close();
  });
});

test.describe('feeds and sitemap', () => {
  for (const locale of LOCALES) {
    test(`the ${locale} RSS feed parses as XML and lists the ${locale} posts`, async ({ page, request }) => {
      const response = await request.get(`/${locale}/blog/feed.xml`);
      expect(response.headers()['content-type']).toContain('application/rss+xml');
      const xml = await response.text();
      await page.goto(`/${locale}/blog`);
      const titles = await cardLinks(page).allTextContents();
      const feed = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        const items = [...doc.querySelectorAll('item')];
        return {
          error: doc.querySelector('parsererror')?.textContent ?? null,
          language: doc.querySelector('channel > language')?.textContent,
          titles: items.map((item) => item.querySelector('title')?.textContent),
          links: items.map((item) => item.querySelector('link')?.textContent),
        };
      }, xml);
      expect(feed.error).toBeNull();
      expect(feed.language?.slice(0, 2)).toBe(locale);
      expect(feed.titles).toEqual(titles);
      expect(feed.links).toEqual(SLUGS_NEWEST_FIRST.map((slug) => `${SITE_URL}/${locale}/blog/${slug}`));
      await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', `${SITE_URL}/${locale}/blog/feed.xml`);
    });
  }

  test('the sitemap lists every post in every language with its alternates', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    for (const locale of LOCALES) {
      for (const slug of SLUGS_NEWEST_FIRST) expect(xml).toContain(`<loc>${SITE_URL}/${locale}/blog/${slug}</loc>`);
    }
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${SITE_URL}/de/blog/investir-immobilier-maurice" />`);
  });
});
