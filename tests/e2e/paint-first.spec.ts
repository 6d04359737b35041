import { COMPILE_HINT } from '@/lib/paint-first/compile-hints';
import { loaderChunks } from '../perf/first-load.mjs';
import { ChatWidgetPage } from './chat-widget-helpers';
import { expect, test } from './fixtures';

// Next's chunks are asked for once the page is on screen (lib/paint-first, issue 34): on every
// page type, static and rendered per request, each chunk is requested after the first contentful
// paint, once, and the page then works as an app (a link opens without a new document). Each of
// those chunks carries the compile hint (lib/paint-first/compile-hints.ts): the route's entry chunks
// and the framework's are all marked by the build.
const PAGES = {
  home: '/fr',
  'visa finder': '/fr/visa-finder',
  'visa result (per request)': '/fr/visa-finder?nationality=France&duration=1-2+ans&work_status=Retrait%C3%A9',
  'blog listing (per request)': '/fr/blog',
  article: '/fr/blog/guide-complet-immigration-maurice',
  'not found': '/fr/page-inconnue',
};

test.describe('scripts after the first paint', () => {
  for (const [name, path] of Object.entries(PAGES)) {
    test(`${name}: chunks requested after the first contentful paint, once each, then the app runs`, async ({ page }) => {
      const chunks: string[] = [];
      page.on('request', (request) => {
        if (/\/_next\/static\/chunks\/[^/]+\.js$/.test(request.url())) chunks.push(request.url());
      });
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(request.url());
      });
      const response = await page.goto(path);
      const html = await response!.text();
      expect(html).not.toMatch(/<script src="\/_next\/static\/chunks\/[^"]+" async="">/);
      // The chunks the page starts with, as its loader lists them (a visa result also loads chunks later).
      const startup = loaderChunks(html);
      expect(startup.length).toBeGreaterThan(0);
      // The framework has run: the soft navigation below needs it.
      await page.waitForFunction(() => (window as unknown as { next?: { router?: unknown } }).next?.router !== undefined);
      const timing = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        chunks: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/_next\/static\/chunks\/[^/]+\.js$/.test(entry.name))
          .map((entry) => ({ name: entry.name, start: entry.startTime })),
      }));
      expect(timing.fcp).not.toBeNull();
      expect(timing.chunks.length).toBeGreaterThan(0);
      for (const chunk of timing.chunks) expect(chunk.start, chunk.name).toBeGreaterThanOrEqual(timing.fcp!);
      expect(new Set(chunks).size).toBe(chunks.length);
      for (const chunk of startup) {
        const code = await (await page.request.get(chunk)).text();
        expect(code.startsWith(COMPILE_HINT), `${chunk} starts with the compile hint`).toBe(true);
      }

      documents.length = 0;
      await page.locator('footer a[href="/fr/privacy"]').first().click();
      await expect(page).toHaveURL(/\/fr\/privacy$/);
      expect(documents).toEqual([]);
    });
  }

  test('a tap on the chat launcher before the scripts have run opens the chat once they have', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_next\/static\/chunks\/[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Not 'load': the held chunks would hold it.
    await page.goto('/fr/services', { waitUntil: 'domcontentloaded' });
    const chat = new ChatWidgetPage(page);
    await chat.launcher.click();
    expect(await page.evaluate(() => 'next' in window)).toBe(false);
    await expect(chat.panel).toBeHidden();
    release();
    await expect(chat.panel).toBeVisible();
    await expect(chat.launcher).toHaveAttribute('aria-expanded', 'true');
  });

  test("the console keeps Next's scripts in its markup (its policy allows only its nonce's)", async ({ request }) => {
    const html = await (await request.get('/admin/conversations', { headers: { accept: 'text/html' } })).text();
    expect(html).toMatch(/<script src="\/_next\/static\/chunks\/[^"]+" async="" nonce=/);
  });
});
