import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { E2E_BASE_URL, FULL_CHROMIUM } from '../../playwright.config';
import { shortSessionId } from '@/components/admin/shell/format';
import { openConsole } from './console-login';
import { visitorWrites } from './console-visitor';
import { expect, test } from './fixtures';

/**
 * The console as an installed app (issue 24): its manifest and icons under /admin/ only, the
 * service worker that keeps its shell for offline use, and the notifications a push shows.
 */

// Notifications shown by the worker: the full browser (the headless shell has none).
test.use({ launchOptions: FULL_CHROMIUM });

/** The console's page under the worker's control (it claims the page once installed). */
async function controlledConsole(page: Page) {
  await openConsole(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 20_000 }).toBe(`${E2E_BASE_URL}/admin/sw.js`);
}

/** Every address the page's origin keeps in Cache Storage. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(`${name} ${new URL(request.url).pathname}`);
    }
    return paths;
  });

async function consoleWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers().find((worker) => worker.url().endsWith('/admin/sw.js')) ?? (await context.waitForEvent('serviceworker'));
}

/**
 * Opens the notification tagged `tag` through the worker's own click handler (a headless browser has
 * no notification to click). Chromium lets a worker open a window only inside a real notification
 * click: clients.openWindow is recorded instead of called, and its address returned (null: not asked).
 */
function openNotification(worker: Worker, tag: string): Promise<string | null> {
  return worker.evaluate(async (tag) => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      clients: { openWindow: (target: string | URL) => Promise<unknown> };
      openNotificationTarget: (notification: Notification) => Promise<unknown>;
    };
    const [notification] = await scope.registration.getNotifications({ tag });
    const openWindow = scope.clients.openWindow;
    let opened: string | null = null;
    scope.clients.openWindow = async (target: string | URL) => ((opened = String(target)), null);
    try {
      await scope.openNotificationTarget(notification!);
    } finally {
      scope.clients.openWindow = openWindow;
    }
    return opened;
  }, tag);
}

test.describe('the console as an installable app', () => {
  test('has a manifest, icons and a service worker under /admin/, for the login screen too; the public site has none', async ({ page, request }) => {
    const manifest = await request.get('/admin/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const body = (await manifest.json()) as {
      name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(body).toMatchObject({ name: 'Console Maurice Expat', start_url: '/admin', scope: '/admin/', display: 'standalone', theme_color: '#0b5d75' });
    expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']);
    for (const icon of body.icons) {
      const png = await request.get(icon.src);
      expect(png.status(), icon.src).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
    }
    const worker = await request.get('/admin/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toContain('text/javascript');
    expect(await worker.text()).toContain('function openNotificationTarget');

    // The login screen (no session) links the manifest, fits the notch and registers the worker.
    await page.goto('/admin');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/admin/manifest.webmanifest');
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /viewport-fit=cover/);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b5d75');
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/admin/'))?.scope ?? null))
      .toBe(`${E2E_BASE_URL}/admin/`);

    await page.goto('/fr');
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
    await expect(page.locator('meta[name="viewport"]')).not.toHaveAttribute('content', /viewport-fit/);
    // The public page is outside the worker's scope and registers nothing of its own.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/fr')) ?? null)).toBeNull();
  });

  test('opens offline from the shell it kept, says "Hors connexion", keeps no conversation, and reconnects by itself', async ({ page, context, request }) => {
    const words = `Hallo offline ${randomBytes(4).toString('hex')}`;
    const sessionId = await visitorWrites(request, { locale: 'de', startPage: '/de/visa-finder', content: words });
    await controlledConsole(page);
    await expect(page.locator(`a[data-session-id="${sessionId}"]`)).toContainText(words);
    // The shell: the page's HTML and its static files, never an answer of the API.
    const kept = await cachedPaths(page);
    expect(kept.some((entry) => entry.endsWith(' /admin/offline'))).toBe(true);
    expect(kept.filter((entry) => entry.includes(' /_next/static/')).length).toBeGreaterThan(3);
    expect(kept.filter((entry) => !/ \/(admin\/offline|admin\/manifest\.webmanifest|admin\/icons\/[\w-]+\.png|_next\/static\/.+)$/.test(entry))).toEqual([]);
    const shell = await page.evaluate(async () => (await caches.match('/admin/offline'))!.text());
    expect(shell).not.toContain(words);
    expect(shell).not.toContain(sessionId);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Console Maurice Expat' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Hors connexion' })).toBeVisible();
    await expect(page.getByText(words)).toHaveCount(0);
    await page.screenshot({ path: '/tmp/phone-console-offline.png' });

    await context.setOffline(false);
    await expect(page.getByText('En direct')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator(`a[data-session-id="${sessionId}"]`)).toContainText(words);
    expect((await cachedPaths(page)).filter((entry) => entry.includes('/api/'))).toEqual([]);

    // Logged out, the copy kept is the login screen's: nobody's console opens offline any more.
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page.getByLabel('Mot de passe')).toBeVisible();
    await expect.poll(() => page.evaluate(async () => (await caches.match('/admin/offline'))?.text())).toContain('admin-login-title');
  });

  test('a push shows a notification whose click opens its conversation; links open a conversation or a person', async ({ page, context, request }) => {
    const words = `Hallo push ${randomBytes(4).toString('hex')}`;
    const sessionId = await visitorWrites(request, { locale: 'de', startPage: '/de/visa-finder', content: words });
    await context.grantPermissions(['notifications'], { origin: E2E_BASE_URL });
    await controlledConsole(page);

    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((registration) => registration.scopeURL === `${E2E_BASE_URL}/admin/` && !registration.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const push = async (data: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin: E2E_BASE_URL, registrationId: await registrationId, data });
    const notifications = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, tag, data }) => ({
          title,
          body,
          tag,
          url: (data as { url: string }).url,
        })),
      );

    type Shown = Awaited<ReturnType<typeof notifications>>;
    // Headless Chromium now and then loses a notification the worker showed (a single push, lost in
    // full runs on a loaded machine; the same test then passes alone). A push whose notification has
    // not appeared within 5 s is delivered once more; a tagged notification replaces its own copy.
    const pushUntilShown = (data: string, appeared: (shown: Shown) => boolean) =>
      expect(async () => {
        await push(data);
        await expect.poll(async () => appeared(await notifications()), { timeout: 5_000 }).toBe(true);
      }).toPass({ timeout: 20_000 });

    const url = `/admin/conversations/${sessionId}`;
    await pushUntilShown(
      JSON.stringify({ title: 'Nouveau message', body: `Visiteur allemand : ${words}`, url, tag: `message-${sessionId}` }),
      (shown) => shown.length === 1,
    );
    expect(await notifications()).toEqual([
      { title: 'Nouveau message', body: `Visiteur allemand : ${words}`, tag: `message-${sessionId}`, url: `${E2E_BASE_URL}${url}` },
    ]);
    // Not JSON, or pointing away from the console: a plain notice that opens the console.
    // One after the other: headless Chromium can lose one of two pushes delivered together.
    await pushUntilShown('pas du JSON', (shown) => shown.length === 2);
    await pushUntilShown(JSON.stringify({ title: 'Ailleurs', body: 'x', url: 'https://example.com/admin/chat', tag: 'elsewhere' }), (shown) =>
      shown.some(({ tag }) => tag === 'elsewhere'),
    );
    expect(await notifications()).toHaveLength(3);
    const shown = await notifications();
    expect(shown).toContainEqual({
      title: 'Console Maurice Expat',
      body: 'Du nouveau vous attend dans la console.',
      tag: '',
      url: `${E2E_BASE_URL}/admin`,
    });
    expect(shown).toContainEqual({ title: 'Ailleurs', body: 'x', tag: 'elsewhere', url: `${E2E_BASE_URL}/admin` });

    // The click: the console already open goes to the conversation, no new window.
    const worker = await consoleWorker(context);
    await openNotification(worker, `message-${sessionId}`);
    await expect(page).toHaveURL(`${E2E_BASE_URL}${url}`);
    await expect(page.getByRole('heading', { level: 2, name: `Session ${shortSessionId(sessionId)}` })).toBeVisible();
    await expect(page.getByRole('log', { name: 'Messages de la session' })).toContainText(words);
    expect(await notifications()).toHaveLength(2);

    // With no console open (the tab went to the public site), the click opens a new window on it.
    await pushUntilShown(JSON.stringify({ title: 'Nouveau message', body: words, url, tag: `again-${sessionId}` }), (shown) =>
      shown.some(({ tag }) => tag === `again-${sessionId}`),
    );
    await page.goto('/fr');
    const openedUrl = await openNotification(worker, `again-${sessionId}`);
    expect(openedUrl).toBe(`${E2E_BASE_URL}${url}`);
    await expect(page).toHaveURL(`${E2E_BASE_URL}/fr`);

    // A link of the former single page (an e-mail already sent) lands on its view.
    await page.goto(`/admin/chat?person=${encodeURIComponent(`chat:${sessionId}`)}`);
    // …and then on the person's own address (their id).
    await expect(page).toHaveURL(new RegExp(`^${E2E_BASE_URL}/admin/people/\\d+$`));
    await expect(page.getByRole('link', { name: 'Personnes', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('#person-title')).toContainText('Visiteur · Allemand');
    await expect(page.getByTestId('timeline')).toContainText(words);
  });
});
