import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { openConsole } from './console-login';
import { clientAddress, visitorWrites } from './console-visitor';
import { axeViolations, expect, test } from './fixtures';

/**
 * The console on a phone (issue 24): 390 × 844 with touch, one column below 480 px. Every view is
 * used with taps, and each is checked once for axe (WCAG 2.2 AA), sideways scrolling and controls
 * smaller than 44 px; each is saved as a screenshot under /tmp for the closing note.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

/** Sideways overflow of the page, and the visible controls smaller than a thumb (44 × 44 px). */
const layoutProblems = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    const controls = [...document.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="tab"]')];
    const small = controls
      .filter((element) => element.checkVisibility() && !element.closest('.sr-only'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.height < 43.5 || box.width < 43.5))
      .map(
        ({ element, box }) =>
          `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    return { overflow: Math.max(root.scrollWidth, document.body.scrollWidth) - root.clientWidth, small };
  });

async function checkView(page: Page, name: string) {
  const problems = await layoutProblems(page);
  expect(problems.overflow, `${name}: sideways scroll`).toBeLessThanOrEqual(0);
  expect(problems.small, `${name}: controls under 44 px`).toEqual([]);
  expect(await axeViolations(page), name).toEqual([]);
  await page.screenshot({ path: `/tmp/phone-${name}.png` });
}

/**
 * A list view on a phone: its list, then an item tapped covers it (the focus on the back button),
 * and the back button returns to the list; the item is opened again for the test to go on.
 */
/** A view's link in the console's navigation (the requests' carries its "à traiter" badge). */
const viewLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Vues de la console' }).getByRole('link', { name: new RegExp(`^${name}`) });

type ListView = { tab: string; item: Locator; back: string; views: [string, string]; opened: [Locator, string] };

async function openFromList(page: Page, { tab, item, back, views, opened }: ListView) {
  await viewLink(page, tab).tap();
  await expect(viewLink(page, tab)).toHaveAttribute('aria-current', 'page');
  await expect(item).toBeVisible();
  await checkView(page, views[0]);
  await item.tap();
  await expect(item).toBeHidden();
  const backButton = page.getByRole('button', { name: back });
  await expect(backButton).toBeFocused();
  await expect(opened[0]).toContainText(opened[1]);
  await checkView(page, views[1]);
  await backButton.tap();
  await expect(item).toBeVisible();
  await item.tap();
}

test.describe('the console on a phone', () => {
  test('login screen, then the list, a conversation full-screen with its details one tap away, and back', async ({ page, request }) => {
    const words = `Buongiorno ${randomBytes(4).toString('hex')}`;
    const sessionId = await visitorWrites(request, { locale: 'it', startPage: '/it/servizi', content: words });
    await page.goto('/admin');
    await expect(page.getByLabel('Mot de passe')).toBeVisible();
    await checkView(page, 'login');

    await openConsole(page);
    const item = page.locator(`a[data-session-id="${sessionId}"]`);
    await expect(item).toContainText(words);
    await checkView(page, 'conversations');

    await item.tap();
    await expect(page).toHaveURL(/\/admin\/conversations\/session_/);
    const log = page.getByRole('log', { name: 'Messages de la session' });
    await expect(log).toContainText(words);
    await expect(page.locator('#sessions-title')).toBeHidden();
    await expect(page.locator('#pane-title')).toBeFocused();
    // Full screen, the reply field at the bottom, the trail behind a tap.
    const reply = page.getByLabel('Votre réponse');
    const field = (await reply.boundingBox())!;
    expect(field.y + field.height).toBeGreaterThan(844 - 100);
    await expect(page.locator('[data-visitor-trail]')).toBeHidden();
    await checkView(page, 'conversation');

    await reply.tap();
    await reply.fill('Buongiorno, come posso aiutarla ?');
    await page.getByRole('button', { name: 'Envoyer' }).tap();
    await expect(log).toContainText('Buongiorno, come posso aiutarla');

    const details = page.getByRole('button', { name: 'Détails et parcours' });
    await details.tap();
    await expect(details).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('[data-visitor-trail]')).toBeVisible();
    await expect(page.locator('#conversation-details')).toContainText('Italien');
    await expect(log).toBeHidden();
    await checkView(page, 'conversation-details');
    await details.tap();
    await expect(log).toBeVisible();

    // The back button, and the phone's own back gesture, return to the list.
    await page.getByRole('button', { name: 'Retour aux conversations' }).tap();
    await expect(item).toBeVisible();
    await expect(item).toBeFocused();
    await expect(page).toHaveURL(/\/admin\/conversations$/);
    await item.tap();
    await expect(log).toBeVisible();
    await page.goBack();
    await expect(item).toBeVisible();
    await expect(log).toBeHidden();
  });

  test('requests, people (a person one tap from the list and back), stages, dashboard and canned replies', async ({ page, request }) => {
    const words = `Ciao ${randomBytes(4).toString('hex')}`;
    const sessionId = await visitorWrites(request, { locale: 'it', startPage: '/it/servizi', content: words });
    const lead = await request.post('/api/leads', {
      data: {
        name: `Giulia Rossi ${randomBytes(3).toString('hex')}`,
        email: `giulia.${randomBytes(3).toString('hex')}@example.com`,
        message: 'Vorremmo trasferirci.',
        consent: true,
        locale: 'it',
      },
      headers: { 'x-forwarded-for': clientAddress() },
    });
    expect(lead.status()).toBe(201);
    const leadId = ((await lead.json()) as { id: number }).id;
    await openConsole(page);
    // The person's key (their id): a key of links made before people were stored lands on the person's address.
    await page.goto(`/admin/people/${encodeURIComponent(`chat:${sessionId}`)}`);
    await expect(page).toHaveURL(/\/admin\/people\/\d+$/);
    const personKey = /\/admin\/people\/(\d+)/.exec(page.url())![1]!;
    await page.goto('/admin/conversations');

    await openFromList(page, {
      tab: 'Demandes',
      item: page.locator(`a[data-lead-id="${leadId}"]`),
      back: 'Retour aux demandes',
      views: ['requests', 'request'],
      opened: [page.locator('#lead-title'), 'Giulia Rossi'],
    });
    await openFromList(page, {
      tab: 'Personnes',
      item: page.locator(`a[data-person-key="${personKey}"]`),
      back: 'Retour aux personnes',
      views: ['people', 'person'],
      opened: [page.getByTestId('timeline'), words],
    });
    await expect(page.locator('#person-title')).toContainText('Visiteur · Italien');

    await viewLink(page, 'Étapes').tap();
    await expect(page.locator(`button[data-card-key="${personKey}"]`)).toBeVisible();
    await checkView(page, 'stages');
    await viewLink(page, 'Tableau de bord').tap();
    await expect(page.getByTestId('dashboard-table-conversations')).toBeVisible();
    await checkView(page, 'dashboard');
    await viewLink(page, 'Réponses types').tap();
    await expect(page.getByLabel('Raccourci')).toBeVisible();
    await checkView(page, 'canned');
  });
});
