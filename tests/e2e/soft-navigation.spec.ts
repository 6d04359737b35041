import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

// Internal links are plain anchors (components/ui/link.tsx); SoftNavigation opens them with the
// App Router. A full load would reset this marker and request a new document.
async function markWindow(page: Page) {
  await page.evaluate(() => Object.assign(window, { softNavigationMarker: 'kept' }));
}
const marker = (page: Page) => page.evaluate(() => (window as unknown as { softNavigationMarker?: string }).softNavigationMarker ?? null);
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });
const isRouterFetch = (request: Request) => request.headers()['rsc'] === '1';

test.describe('soft navigation', () => {
  test('opens header, footer and content links without a full page load', async ({ page }) => {
    await page.goto('/fr');
    await markWindow(page);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });

    await mainNav(page).getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/fr\/services$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nos services');
    await page.locator('footer a[href="/fr/blog"]').first().click();
    await expect(page).toHaveURL(/\/fr\/blog$/);
    await page.locator('main a[href="/fr/blog/guide-complet-immigration-maurice"]').first().click();
    await expect(page).toHaveURL(/\/fr\/blog\/guide-complet-immigration-maurice$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('le guide complet');
    // The router scrolls the new page's content into view, and Back returns without a load either.
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    await page.goBack();
    await expect(page).toHaveURL(/\/fr\/blog$/);

    expect(await marker(page)).toBe('kept');
    expect(documents).toEqual([]);
  });

  test('prefetches a page on intent only, and leaves the browser what is not a page of this tab', async ({ page, context }) => {
    const routerFetches: string[] = [];
    page.on('request', (request) => {
      if (isRouterFetch(request)) routerFetches.push(new URL(request.url()).pathname);
    });
    await page.goto('/fr');
    await page.waitForLoadState('networkidle');
    // Nothing is fetched for the links the page shows…
    expect(routerFetches).toEqual([]);
    // …until the visitor points at one.
    await mainNav(page).getByRole('link', { name: 'À propos' }).hover();
    await expect.poll(() => routerFetches).toContain('/fr/about');

    await markWindow(page);
    // The skip link jumps within the page.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/fr#main$/);
    // A modified click opens a new tab, as the browser does with any link.
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      mainNav(page)
        .getByRole('link', { name: 'Services' })
        .click({ modifiers: ['ControlOrMeta'] }),
    ]);
    // The new tab starts on about:blank (whose load can come first), then loads the link.
    await tab.waitForURL((url) => url.pathname === '/fr/services');
    await tab.close();
    await expect(page).toHaveURL(/\/fr#main$/);
    expect(await marker(page)).toBe('kept');
  });
});
