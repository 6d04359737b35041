import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { LOADER_ID } from '@/lib/paint-first/html';
import { E2E_BUILD_ENV } from './build-env';
import { ServerPool } from './servers';

export { LOCALES } from '@/lib/i18n/routing';
export const SITE_URL = (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
export const PAGE_TYPES = ['', '/services', '/visa-finder', '/blog', '/about', '/contact', '/privacy'] as const;

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Axe's WCAG 2.2 A and AA violations on the page as it is. Legacy mode runs axe in the page (and its
 * frames through axe's own messaging) instead of gathering partial results and finishing them in a
 * new blank page: the same results (violations, passes, incomplete compared on home, contact and an
 * article) in 40 % of the time, which is most of the sweep's time (84 runs).
 */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
}

/** Reads a page's SEO tags from its server HTML, without running any script. */
export async function readHead(page: Page) {
  return page.evaluate(() => {
    const attr = (selector: string, name: string) => document.querySelector(selector)?.getAttribute(name) ?? null;
    return {
      lang: document.documentElement.lang,
      title: document.title,
      description: attr('meta[name="description"]', 'content'),
      canonical: attr('link[rel="canonical"]', 'href'),
      ogLocale: attr('meta[property="og:locale"]', 'content'),
      ogTitle: attr('meta[property="og:title"]', 'content'),
      ogAlternates: [...document.querySelectorAll('meta[property="og:locale:alternate"]')].map((m) => m.getAttribute('content')),
      twitterCard: attr('meta[name="twitter:card"]', 'content'),
      hreflang: Object.fromEntries(
        [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
      ),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent ?? 'null')),
    };
  });
}

/**
 * The suite's build points BOOKING_URL at a `.test` address (tests/e2e/build-env.ts): every page
 * answers it with an empty calendar at once, so no test waits on a DNS lookup that never succeeds.
 * A test's own `page.route` for it takes precedence (tests/e2e/booking.spec.ts).
 */
/**
 * The site's pages ask for their scripts once their first paint is on screen (lib/paint-first), which
 * can come after the load event: until the framework has run, a click on a control that needs it
 * does what the HTML alone does. A visitor sees the page before acting; every test's navigation
 * (goto, reload, back and forward, in every page of every context) waits for the page's loader to
 * have done its work and the framework to have started, as a page without the loader did by `load`.
 */
async function scriptsRun(page: Page, options?: { waitUntil?: string }) {
  if (options?.waitUntil === 'commit' || options?.waitUntil === 'domcontentloaded') return;
  await page.waitForFunction(
    (id) => {
      // No loader, or one that never ran (scripts disabled): nothing more will come.
      const state = document.getElementById(id)?.getAttribute('data-state');
      return !state || (state === 'requested' && (window as { next?: { router?: unknown } }).next?.router !== undefined);
    },
    LOADER_ID,
    { timeout: 30_000 },
  );
}

function waitingForScripts(page: Page): Page {
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        const options = args.find((arg): arg is { waitUntil?: string } => typeof arg === 'object' && arg !== null);
        if (response) await scriptsRun(page, options);
        return response;
      },
    });
  }
  return page;
}

function contextWaitingForScripts(context: BrowserContext): BrowserContext {
  context.on('page', waitingForScripts);
  return context;
}

export const test = base.extend<object, { servers: ServerPool }>({
  context: async ({ context }, provide) => {
    await provide(contextWaitingForScripts(context));
  },
  page: async ({ page }, provide) => {
    await page.route(`${new URL(E2E_BUILD_ENV.BOOKING_URL).origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Calendar</title>' }),
    );
    await provide(page);
  },
  // The contexts and pages tests open themselves wait the same way.
  browser: [
    async ({ browser }, provide) => {
      const newContext = browser.newContext.bind(browser);
      const newPage = browser.newPage.bind(browser);
      Object.assign(browser, {
        newContext: async (...args: Parameters<Browser['newContext']>) => contextWaitingForScripts(await newContext(...args)),
        newPage: async (...args: Parameters<Browser['newPage']>) => waitingForScripts(await newPage(...args)),
      });
      await provide(browser);
    },
    { scope: 'worker' },
  ],
  /** The worker's own servers, one per environment profile (tests/e2e/servers.ts). */
  servers: [
    async ({}, provide, workerInfo) => {
      const pool = new ServerPool(workerInfo.workerIndex);
      await provide(pool);
      await pool.stopAll();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});
export { expect };
