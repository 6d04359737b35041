import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import fr from '@/messages/fr.json';
import { E2E_OPERATOR } from '../../playwright.config';
import { LOCALES, axeViolations, expect, test } from './fixtures';
import frTypographyAllowlist from './layout-fr-typography-allowlist.json';

/**
 * One sweep: every page type × five languages, each loaded once on a phone and widened to the
 * desktop, and every check that needs a rendered page run at both sizes. Fails on:
 * - layout: horizontal overflow of the page; text clipped inside a table, a button or a stat
 *   (content wider than its box with no scroll container, or a table that scrolls on desktop or
 *   scrolls on a phone with no visible sign); raw markup in visible text; a toast over the focused
 *   field; an ordinary space before : ; ? ! in French;
 * - accessibility: any axe violation of the WCAG 2.2 A and AA rules (the desktop in two languages,
 *   see DESKTOP_AXE_LOCALES);
 * - translation: a French sentence of messages/fr.json on a page in another language (text, title
 *   or description).
 * What a crawler reads (tags, alternates, links) is checked over plain HTTP in seo.spec.ts.
 */
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;
const SHARED_VISA = '?nationality=France&duration=6-12+mois&work_status=Oui&work_context=remote_foreign&family=Oui';
const PAGES = [
  { type: 'home', path: '' },
  { type: 'services', path: '/services' },
  { type: 'visa finder', path: '/visa-finder' },
  { type: 'visa result', path: `/visa-finder${SHARED_VISA}` },
  { type: 'blog', path: '/blog' },
  { type: 'blog search', path: '/blog?category=Immobilier&q=zzzz-aucun-resultat' },
  { type: 'article', path: '/blog/guide-complet-immigration-maurice' },
  { type: 'about', path: '/about' },
  { type: 'contact', path: '/contact' },
  { type: 'privacy', path: '/privacy' },
  { type: 'legal', path: '/legal' },
  { type: 'not found', path: '/page-qui-n-existe-pas' },
] as const;

/**
 * French texts with an ordinary space before : ; ? ! that this branch does not own (their wording
 * belongs to the typography fix in another branch). Each entry is listed as a known offender, not
 * as a failure. TO EMPTY AT MERGE: once the typography fix is in, this file must become `[]`.
 */
const FR_TYPOGRAPHY_ALLOWLIST: readonly string[] = frTypographyAllowlist;

type Tree = { [key: string]: string | Tree };
const texts = (tree: Tree): string[] => Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : texts(value)));
// Static French sentences (no placeholder): none may appear on a page in another language.
const FRENCH = texts(fr).filter(
  (text) => text.length > 15 && !text.includes('{') && !/Maurice Expat|Data Protection|Occupation Permit|Premium Visa/.test(text),
);

/** The French sentences on the page: its visible text, title and description. */
async function frenchOnPage(page: Page): Promise<string[]> {
  const body = await page.locator('body').innerText();
  const head = await page.evaluate(() => `${document.title} ${document.querySelector('meta[name="description"]')?.getAttribute('content')}`);
  return FRENCH.filter((text) => body.includes(text) || head.includes(text));
}

interface LayoutReport {
  overflow: string | null;
  clipped: string[];
  markup: string[];
  frenchSpaces: string[];
}

/** Runs in the page: every check that reads the rendered layout. */
function inspect(mode: { phone: boolean; french: boolean }): LayoutReport {
  const describe = (element: Element) => {
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    return `<${element.tagName.toLowerCase()}> "${text}"`;
  };
  const shown = (element: Element) => {
    // Content of a closed <details> (the phone menu) keeps a box but is not rendered.
    if (!element.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) return false;
    if (element.closest('details:not([open])') && element.tagName !== 'SUMMARY') return false;
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return box.width > 2 && box.height > 2 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const scrollContainer = (element: Element): HTMLElement | null => {
    for (let node = element.parentElement; node; node = node.parentElement) {
      if (/(auto|scroll)/.test(getComputedStyle(node).overflowX)) return node;
    }
    return null;
  };

  const root = document.documentElement;
  const width = Math.max(root.scrollWidth, document.body.scrollWidth);
  const overflow = width > root.clientWidth + 1 ? `page is ${width}px wide in a ${root.clientWidth}px viewport` : null;

  const clipped: string[] = [];
  for (const table of document.querySelectorAll('main table')) {
    const container = scrollContainer(table);
    if (!container || container === document.documentElement || container === document.body) {
      if (table.getBoundingClientRect().width > (table.parentElement?.clientWidth ?? 0) + 1) clipped.push(`table wider than its box: ${describe(table)}`);
      continue;
    }
    if (container.scrollWidth <= container.clientWidth + 1) continue;
    if (!mode.phone) clipped.push(`table scrolls on desktop (columns out of view): ${describe(table)}`);
    const hint = container.parentElement?.parentElement?.querySelector('[data-scroll-hint]');
    if (!hint || !shown(hint) || !container.getAttribute('aria-label')) clipped.push(`table scrolls with no visible sign or label: ${describe(table)}`);
  }
  for (const cell of document.querySelectorAll('main th, main td')) {
    if (shown(cell) && cell.scrollWidth > cell.clientWidth + 1) clipped.push(`cell content wider than the cell: ${describe(cell)}`);
  }
  const buttons = document.querySelectorAll('button, [role="button"], a.inline-flex, a.flex, summary');
  for (const button of buttons) {
    if (!shown(button) || button.closest('.sr-only')) continue;
    if (button.scrollWidth > button.clientWidth + 1) clipped.push(`button text wider than the button: ${describe(button)}`);
  }
  for (const stat of document.querySelectorAll('[data-stat]')) {
    const value = stat.querySelector('dd');
    if (stat.scrollWidth > stat.clientWidth + 1) clipped.push(`stat wider than its box: ${describe(stat)}`);
    if (value) {
      const lineHeight = parseFloat(getComputedStyle(value).lineHeight);
      const lines = Math.round(value.getBoundingClientRect().height / lineHeight);
      if (lines > 2) clipped.push(`stat value runs to ${lines} lines: ${describe(value)}`);
    }
  }

  const markup: string[] = [];
  const frenchSpaces: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, noscript, template, code, pre, textarea')) continue;
    if (parent.getClientRects().length === 0) continue;
    const text = node.textContent ?? '';
    if (/<\/?[a-zA-Z][\w-]*(\s[^<>]*)?\/?>/.test(text)) markup.push(text.trim().slice(0, 80));
    if (mode.french && / [:;?!]/.test(text)) frenchSpaces.push(text.replace(/\s+/g, ' ').trim());
  }
  if (mode.french) {
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')) {
      if (/ [:;?!]/.test(field.placeholder)) frenchSpaces.push(field.placeholder);
    }
  }
  return { overflow, clipped, markup, frenchSpaces };
}

/** The toast list and the focused element must not share any pixel. */
async function toastOverFocus(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const field = focused.getBoundingClientRect();
    for (const toast of document.querySelectorAll('[role="alert"], [role="status"]')) {
      if (!toast.closest('ol[aria-live]')) continue;
      const box = toast.getBoundingClientRect();
      if (box.left < field.right && field.left < box.right && box.top < field.bottom && field.top < box.bottom) {
        return `toast "${toast.textContent?.trim().slice(0, 40)}" covers the focused <${focused.tagName.toLowerCase()} id="${focused.id}">`;
      }
    }
    return null;
  });
}

/**
 * Axe on the desktop layout in these languages only: its rules read the structure and the colours,
 * which the languages share; the phone layout, where the longest words meet the narrowest boxes,
 * is checked in all five, and the layout checks run in every language at both sizes.
 */
const DESKTOP_AXE_LOCALES: readonly string[] = ['fr', 'de'];

for (const locale of LOCALES) {
  test.describe(`sweep, ${locale}`, () => {
    test.use({ viewport: VIEWPORTS.phone });
    for (const { type, path: pagePath } of PAGES) {
      test(`${type}`, async ({ page }) => {
        // One load per page and language: the phone first, then the same page widened to the desktop.
        // Loaded with its fonts (local files): what the checks measure is laid out as the visitor sees it.
        await page.goto(`/${locale}${pagePath}`);
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        if (type === 'visa result') await expect(page.locator('#visa-result-title')).toBeVisible();
        if (locale !== 'fr') expect.soft(await frenchOnPage(page), 'French text').toEqual([]);
        for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
          await test.step(viewportName, async () => {
            if (viewportName !== 'phone') {
              await page.setViewportSize(viewport);
              // Laid out again at the new width before anything is measured.
              await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
            }
            if (viewportName === 'phone' || DESKTOP_AXE_LOCALES.includes(locale)) {
              expect.soft(await axeViolations(page), `axe, ${viewportName}`).toEqual([]);
            }
            const report = await page.evaluate(inspect, { phone: viewportName === 'phone', french: locale === 'fr' });
            const unowned = report.frenchSpaces.filter((text) => FR_TYPOGRAPHY_ALLOWLIST.includes(text));
            if (unowned.length > 0) test.info().annotations.push({ type: 'known French spacing (allowlist)', description: unowned.join(' | ') });
            expect
              .soft(
                {
                  overflow: report.overflow,
                  clipped: report.clipped,
                  markup: report.markup,
                  frenchSpaces: report.frenchSpaces.filter((text) => !FR_TYPOGRAPHY_ALLOWLIST.includes(text)),
                },
                `layout, ${viewportName}`,
              )
              .toEqual({ overflow: null, clipped: [], markup: [], frenchSpaces: [] });

            if (type === 'visa finder') {
              // The required-fields toast, with the focus on the first missing field.
              await page.locator('form[aria-labelledby="visa-form-title"] button[type="submit"]').click();
              await expect(page.locator('ol[aria-live] [role="alert"]')).toBeVisible();
              expect.soft(await toastOverFocus(page)).toBeNull();
            }
          });
        }
      });
    }
  });
}

test.describe('operator console', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('fits a 390 px phone, conversations and leads alike', async ({ page, request }) => {
    // A lead whose name and address are single long words: the widest the lists ever get.
    const tag = randomBytes(4).toString('hex');
    const lead = await request.post('/api/leads', {
      data: {
        name: `Maximiliane-Annegret-Leutheusser-Schnarrenberger-${tag}`,
        email: `maximiliane.annegret.leutheusser.schnarrenberger.${tag}@beispiel-kanzlei-international.example.com`,
        message: 'Wir möchten 2027 nach Mauritius ziehen.',
        consent: true,
        locale: 'de',
      },
      headers: { 'x-forwarded-for': `10.${[...randomBytes(3)].join('.')}` },
    });
    expect(lead.status()).toBe(201);
    const probe = page.waitForResponse('**/api/admin/sessions');
    await page.goto('/admin');
    await probe;
    const report = () =>
      page.evaluate(() => {
        const root = document.documentElement;
        // Boxes past the right edge, and boxes whose own text spills out of them: the innermost first.
        const wide = [...document.querySelectorAll('body *')]
          .filter(
            (element) =>
              element.checkVisibility() &&
              (element.getBoundingClientRect().right > root.clientWidth + 1 ||
                (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === 'visible' && element.clientWidth > 0)),
          )
          .reverse()
          .slice(0, 5)
          .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`);
        return { width: Math.max(root.scrollWidth, document.body.scrollWidth), viewport: root.clientWidth, wide };
      });
    let measured = await report();
    expect(measured.width, measured.wide.join('\n')).toBeLessThanOrEqual(measured.viewport);
    await page.getByLabel('Adresse e-mail').fill(E2E_OPERATOR.email);
    await page.getByLabel('Mot de passe').fill(E2E_OPERATOR.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
    measured = await report();
    expect(measured.width, measured.wide.join('\n')).toBeLessThanOrEqual(measured.viewport);
    await page.getByRole('link', { name: /^Demandes/ }).click();
    await page.locator(`a[data-lead-id="${((await lead.json()) as { id: number }).id}"]`).click();
    await expect(page.locator('#lead-title')).toContainText(tag);
    measured = await report();
    expect(measured.width, measured.wide.join('\n')).toBeLessThanOrEqual(measured.viewport);
  });
});
