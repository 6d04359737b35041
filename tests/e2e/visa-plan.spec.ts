import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import { LOCALES, axeViolations, expect, test } from './fixtures';

const RETIREE = 'nationality=France&duration=Plus+de+5+ans&work_status=Retrait%C3%A9&family=Oui';
const PLAN = `/visa-finder/plan?${RETIREE}&arrival=2027-03-01`;
const TITLES = {
  fr: "Mon plan d'installation",
  en: 'My relocation plan',
  es: 'Mi plan de instalación',
  de: 'Mein Umzugsplan',
  it: 'Il mio piano di trasferimento',
} as const;
const FILE_BY = { fr: '1 décembre 2026', en: '1 December 2026', es: '1 de diciembre de 2026', de: '1. Dezember 2026', it: '1 dicembre 2026' } as const;
const APPLY = {
  fr: 'Déposer la demande',
  en: 'File the application',
  es: 'Presentar la solicitud',
  de: 'Antrag stellen',
  it: 'Presentare la domanda',
} as const;

test.describe('relocation plan', () => {
  for (const locale of LOCALES) {
    test(`shows the dated plan in ${locale} with zero axe violations`, async ({ page }) => {
      await page.goto(`/${locale}${PLAN}`);
      await expect(page.getByRole('heading', { level: 1, name: TITLES[locale] })).toBeVisible();
      const apply = page.locator('[data-plan-step="apply"]');
      await expect(apply.getByRole('heading', { name: APPLY[locale] })).toBeVisible();
      // 1 March 2027 less 90 days: Tuesday 1 December 2026, in the page's language.
      await expect(apply).toContainText(FILE_BY[locale]);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('is reached from a visa result and proposes the earliest date', async ({ page }) => {
    await page.goto(`/en/visa-finder?${RETIREE}`);
    await page.locator('[data-plan-link]').click();
    await expect(page).toHaveURL(/\/en\/visa-finder\/plan\?nationality=France/);
    await expect(page.getByText(/^Proposed date: /)).toBeVisible();
    await expect(page.getByLabel('Target arrival date')).not.toHaveValue('');
  });

  test('says which steps cannot fit when the date is too close', async ({ page }) => {
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`/en/visa-finder/plan?${RETIREE}&arrival=${soon}`);
    const alert = page.locator('[data-plan-too-close]');
    await expect(alert).toContainText('These steps cannot fit: Gather the documents, File the application, Processing, Approval');
    await expect(page.locator('[data-plan-step="processing"][data-fits="false"]')).toBeVisible();
  });

  test('keeps the ticked documents in this browser after a reload, and resets them', async ({ page }) => {
    await page.goto(`/en${PLAN}`);
    const progress = page.getByTestId('plan-progress');
    const boxes = page.locator('[data-plan-section="documents"] input[type="checkbox"]');
    const total = await boxes.count();
    expect(total).toBeGreaterThan(2);
    await expect(progress).toHaveText(`0 / ${total}`);
    await boxes.nth(0).check();
    await boxes.nth(2).check();
    await expect(progress).toHaveText(`2 / ${total}`);
    await page.reload();
    await expect(progress).toHaveText(`2 / ${total}`);
    await expect(boxes.nth(2)).toBeChecked();
    await page.getByRole('button', { name: 'Untick all' }).click();
    await expect(progress).toHaveText(`0 / ${total}`);
    await page.reload();
    await expect(progress).toHaveText(`0 / ${total}`);
  });

  test('downloads a calendar file that a standard parser reads back, with reminders', async ({ page }) => {
    await page.goto(`/fr${PLAN}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Ajouter à mon agenda' }).click()]);
    const text = readFileSync((await download.path())!, 'utf8');
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
    const titles = events.map((vevent) => new ICAL.Event(vevent).summary);
    expect(titles).toEqual(expect.arrayContaining(['Déposer la demande', 'Voyage et entrée à Maurice']));
    expect(events.every((vevent) => vevent.getAllSubcomponents('valarm').length === 1)).toBe(true);
    expect(text).toContain('mauritius.com');
  });

  test('prints a clean A4 plan: steps and sources, no navigation, chat or footer', async ({ page }) => {
    await page.goto(`/en${PLAN}`);
    await page.emulateMedia({ media: 'print' });
    for (const selector of ['body > header', 'body > footer', 'main > nav']) {
      for (const element of await page.locator(selector).all()) await expect(element).toBeHidden();
    }
    await expect(page.getByRole('button', { name: 'Open the chat' })).toBeHidden();
    await expect(page.locator('[data-plan-step="apply"]')).toBeVisible();
    const pdf = await page.pdf({ format: 'A4', printBackground: false });
    // pdf.js's legacy build: the one meant for Node (the modern one needs Node 22).
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
    expect(document.numPages).toBeGreaterThanOrEqual(4);
    const pages = await Promise.all(Array.from({ length: document.numPages }, (_, index) => document.getPage(index + 1)));
    const contents = await Promise.all(pages.map((page) => page.getTextContent()));
    const text = contents.flatMap((content) => content.items.map((item) => ('str' in item ? item.str : ''))).join(' ');
    const firstPage = pages[0]!;
    // A4 is 595.3 × 841.9 points; Chromium rounds its page box to whole CSS pixels.
    const [, , width, height] = firstPage.view;
    expect(Math.abs(width! - 595.3)).toBeLessThan(2);
    expect(Math.abs(height! - 841.9)).toBeLessThan(2);
    for (const expected of ['File the application', 'Gather the documents', 'Government fees', 'Sources of the plan', 'Rules checked on'])
      expect(text).toContain(expected);
    for (const absent of ['Open the chat', 'Visa finder', 'Privacy', 'Untick all', 'Add to my calendar']) expect(text).not.toContain(absent);
  });
});
