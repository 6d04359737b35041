import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { openConsole } from './console-login';
import { clientAddress, visitorWrites } from './console-visitor';
import { expect, test } from './fixtures';

/**
 * The console's views are routes (issue 30): each has its own address, rendered on the server,
 * so opening it directly, a reload, back and forward, a new tab and a link sent to a colleague all
 * land on the same view. Each test makes its own conversation and request and looks only at them.
 */

type Fixture = { sessionId: string; words: string; leadId: number; leadName: string; email: string };

async function makeFixture(request: APIRequestContext): Promise<Fixture> {
  const tag = randomBytes(4).toString('hex');
  const words = `Bonjour route ${tag}`;
  const sessionId = await visitorWrites(request, { locale: 'fr', startPage: '/fr/services', content: words });
  const leadName = `Inès Routes ${tag}`;
  const email = `ines.${tag}@example.com`;
  const lead = await request.post('/api/leads', {
    data: { name: leadName, email, message: 'Une question de route.', consent: true, locale: 'fr' },
    headers: { 'x-forwarded-for': clientAddress() },
  });
  expect(lead.status()).toBe(201);
  return { sessionId, words, leadId: ((await lead.json()) as { id: number }).id, leadName, email };
}

const viewLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Vues de la console' }).getByRole('link', { name: new RegExp(`^${name}`) });

/** Every view's address, the navigation link it belongs to, and what shows it is there. */
function views(fixture: Fixture) {
  // A key of links made before people were stored: the console sends it on to the person's id.
  const personKey = `email:${fixture.email}`;
  return [
    { url: '/admin/conversations', nav: 'Conversations', shows: (page: Page) => page.getByRole('heading', { name: 'Sessions actives' }) },
    {
      url: `/admin/conversations/${fixture.sessionId}`,
      nav: 'Conversations',
      shows: (page: Page) => page.getByRole('log', { name: 'Messages de la session' }).getByText(fixture.words),
    },
    { url: '/admin/people?view=all', nav: 'Personnes', shows: (page: Page) => page.locator('a[data-person-key]', { hasText: fixture.leadName }) },
    {
      url: `/admin/people/${encodeURIComponent(personKey)}?view=all`,
      nav: 'Personnes',
      shows: (page: Page) => page.getByRole('heading', { level: 2, name: fixture.leadName }),
    },
    { url: '/admin/follow-ups', nav: 'À relancer', shows: (page: Page) => page.getByRole('heading', { name: 'Personnes', exact: true }) },
    { url: '/admin/board', nav: 'Étapes', shows: (page: Page) => page.locator('button[data-card-key]', { hasText: fixture.leadName }) },
    { url: '/admin/dashboard', nav: 'Tableau de bord', shows: (page: Page) => page.getByRole('table', { name: 'Nouvelles conversations' }) },
    { url: '/admin/requests', nav: 'Demandes', shows: (page: Page) => page.locator(`a[data-lead-id="${fixture.leadId}"]`) },
    { url: `/admin/requests/${fixture.leadId}`, nav: 'Demandes', shows: (page: Page) => page.getByRole('heading', { level: 2, name: fixture.leadName }) },
    { url: '/admin/replies', nav: 'Réponses types', shows: (page: Page) => page.getByRole('heading', { name: 'Nouvelle réponse type' }) },
    { url: '/admin/devices', nav: 'Notifications', shows: (page: Page) => page.getByRole('heading', { name: 'Notifications sur vos appareils' }) },
    { url: '/admin/audit', nav: 'Journal', shows: (page: Page) => page.getByRole('heading', { name: 'Journal', exact: true }) },
  ];
}

async function expectView(page: Page, view: ReturnType<typeof views>[number]) {
  await expect(view.shows(page), view.url).toBeVisible();
  await expect(viewLink(page, view.nav), view.url).toHaveAttribute('aria-current', 'page');
}

test.describe('console views as routes', () => {
  test('/admin opens the console; each view opened directly and reloaded shows itself, and a link works in a new tab', async ({ page, request }) => {
    const fixture = await makeFixture(request);
    await openConsole(page);
    await expect(page).toHaveURL(/\/admin\/conversations$/);
    for (const view of views(fixture)) {
      await page.goto(view.url);
      await expectView(page, view);
      await page.reload();
      await expectView(page, view);
    }
    // A link sent to a colleague (or opened in a new tab) lands on the same view.
    const person = views(fixture)[3]!;
    const tab = await page.context().newPage();
    await tab.goto(person.url);
    await expectView(tab, person);
    await tab.close();
  });

  test('back and forward go through the views and the items opened in them', async ({ page, request }) => {
    const fixture = await makeFixture(request);
    await openConsole(page);
    const [, conversation, people, person, , board, , requests, request_] = views(fixture);
    await page.locator(`a[data-session-id="${fixture.sessionId}"]`).click();
    await expectView(page, conversation!);
    await page.goto(people!.url);
    await page.locator('a[data-person-key]', { hasText: fixture.leadName }).click();
    await expectView(page, person!);
    await viewLink(page, 'Étapes').click();
    await expectView(page, board!);
    await viewLink(page, 'Demandes').click();
    await page.locator(`a[data-lead-id="${fixture.leadId}"]`).click();
    await expectView(page, request_!);

    await page.goBack();
    await expectView(page, requests!);
    await page.goBack();
    await expectView(page, board!);
    await page.goBack();
    await expectView(page, person!);
    await page.goForward();
    await expectView(page, board!);
    await page.goBack();
    await page.goBack();
    await expectView(page, people!);
    await page.goBack();
    await expectView(page, conversation!);
  });

  test('the first paint is the server’s: the people’s names and the conversation’s messages are in the HTML', async ({ page, request }) => {
    const fixture = await makeFixture(request);
    await openConsole(page);
    const html = async (path: string) => (await page.request.get(path)).text();
    expect(await html('/admin/people?view=all')).toContain(fixture.leadName);
    expect(await html(`/admin/conversations/${fixture.sessionId}`)).toContain(fixture.words);
    expect(await html(`/admin/requests/${fixture.leadId}`)).toContain(fixture.email);
    // Gone or never there: the console says so at that address, with a way back.
    await page.goto('/admin/requests/999999999');
    await expect(page.getByRole('alert').filter({ hasText: 'Introuvable' })).toBeVisible();
    await expect(viewLink(page, 'Demandes')).toBeVisible();
  });

  test('a change after the session was revoked is refused: the console says so and shows the login form', async ({ page, request }) => {
    const fixture = await makeFixture(request);
    await openConsole(page);
    // Without its stream, the console does not hear of the logout (with it, it shows the login form at once).
    await page.route('**/api/admin/events**', (route) => route.abort('connectionrefused'));
    // Once hydrated the console reads its canned replies: a logout before that answer would be heard there, not on the change.
    const listRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/canned-replies');
    await page.goto(views(fixture)[3]!.url);
    await expect(page.getByLabel('Note privée')).toBeVisible();
    await listRead;
    // Another window logs this session out (the cookie is the same).
    expect((await page.request.post('/api/admin/logout')).status()).toBe(204);
    await page.getByLabel('Note privée').fill('Après la déconnexion');
    await page.getByRole('button', { name: 'Ajouter la note' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Votre session a expiré. Reconnectez-vous.' })).toBeVisible();
    await expect(page.getByLabel('Mot de passe')).toBeVisible();
    await expect(page.getByText(fixture.leadName)).toHaveCount(0);
  });
});

test.describe('console views on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('each view opened directly at 390 × 844 shows itself without sideways scrolling', async ({ page, request }) => {
    const fixture = await makeFixture(request);
    await openConsole(page);
    for (const view of views(fixture)) {
      await page.goto(view.url);
      await expect(view.shows(page), view.url).toBeVisible();
      const overflow = await page.evaluate(
        () => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - document.documentElement.clientWidth,
      );
      expect(overflow, view.url).toBeLessThanOrEqual(0);
    }
  });
});
