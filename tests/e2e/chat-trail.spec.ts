import type { Browser, Page } from '@playwright/test';
import { ChatWidgetPage, logInToConsole } from './chat-widget-helpers';
import { axeViolations, expect, test } from './fixtures';

const ARTICLE_TITLE = 'Immigrer à l’île Maurice : le guide complet des visas et permis';
const SHARED_RESULT = '/fr/visa-finder?nationality=Canada&duration=2-5+ans&work_status=Retrait%C3%A9&family=Non';

/** Every trail request the visitor's browser makes. */
function watchTrailRequests(page: Page) {
  const sent: { url: string; body: unknown }[] = [];
  page.on('request', (request) => {
    if (/\/api\/chat\/sessions\/[^/]+\/trail$/.test(new URL(request.url()).pathname)) sent.push({ url: request.url(), body: request.postDataJSON() });
  });
  return sent;
}

/** A visitor who browses first, then opens the chat on /fr/services and writes; the operator opens the conversation. */
async function startConversation(browser: Browser, visitorUrl: string, operatorUrl: string) {
  const visitorContext = await browser.newContext();
  const operatorContext = await browser.newContext();
  const visitorPage = await visitorContext.newPage();
  const operatorPage = await operatorContext.newPage();
  const trailRequests = watchTrailRequests(visitorPage);
  // Browsing before any chat: a full load and a client-side navigation, neither recorded.
  await visitorPage.goto(`${visitorUrl}/fr`);
  await visitorPage.locator('header a[href="/fr/services"]').first().click();
  await expect(visitorPage).toHaveURL(/\/fr\/services$/);
  await visitorPage.waitForTimeout(1000);
  expect(trailRequests).toEqual([]);

  const chat = new ChatWidgetPage(visitorPage);
  await chat.open();
  await chat.waitReady();
  await chat.send('Bonjour, je prépare mon installation');
  const { id, token } = (await chat.storedSession())!;
  // The page the chat was opened on is the conversation's start page, not a trail entry.
  expect(trailRequests).toEqual([]);

  await logInToConsole(operatorPage, operatorUrl);
  await operatorPage.locator(`a[data-session-id="${id}"]`).click();
  const trail = operatorPage.locator('[data-visitor-trail]');
  await expect(trail.getByRole('heading', { name: 'Parcours du visiteur' })).toBeVisible();
  await expect(trail.locator('[data-trail-start]')).toContainText('/fr/services');
  await expect(trail).toContainText('Aucune page ouverte depuis le début du chat');
  // Marks this console page: a reload would lose it, so what follows arrived live.
  await operatorPage.evaluate(() => Object.assign(window, { trailMarker: true }));
  const close = () => Promise.all([visitorContext.close(), operatorContext.close()]);
  return { chat, visitorPage, operatorPage, trail, trailRequests, id, token, close };
}

test('the console shows the pages a visitor opens once the chat exists, live, and the trail goes with the conversation', async ({ browser, servers }) => {
  test.setTimeout(180_000);
  const server = await servers.server('embedded');
  const { chat, visitorPage, operatorPage, trail, trailRequests, id, token, close } = await startConversation(browser, server.url, server.url);
  const entries = trail.locator('[data-trail-entry]');
  try {
    // Client-side navigations: the blog, then an article.
    await visitorPage.locator('header a[href="/fr/blog"]').first().click();
    await expect(visitorPage).toHaveURL(/\/fr\/blog$/);
    await expect(entries).toHaveCount(1);
    await visitorPage.locator('a[href="/fr/blog/guide-complet-immigration-maurice"]').first().click();
    await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(ARTICLE_TITLE);
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(1)).toHaveAttribute('data-trail-entry', 'article');
    await expect(entries.nth(1)).toContainText(`Article : ${ARTICLE_TITLE}`);

    // The visa finder (client-side), then a result it writes into the address.
    await visitorPage.locator('header a[href="/fr/visa-finder"]').first().click();
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(2)).toHaveAttribute('data-trail-entry', 'visaFinder');
    await visitorPage.getByLabel(/Nationalité/).selectOption('France');
    await visitorPage.getByLabel(/Durée du séjour/).selectOption('6-12 mois');
    await visitorPage.getByLabel(/travailler à Maurice/).selectOption('Oui');
    await visitorPage.getByLabel(/Dans quel cadre/).selectOption('remote_foreign');
    await visitorPage.getByRole('button', { name: 'Trouver mon visa' }).click();
    await expect(visitorPage.getByRole('article', { name: 'Votre résultat' })).toBeVisible();
    await expect(entries).toHaveCount(4);
    const result = entries.nth(3);
    await expect(result).toHaveAttribute('data-trail-entry', 'visaResult');
    await expect(result).toContainText('Résultat du simulateur de visa');
    await expect(result).toContainText(/Nationalité :\s*France/);
    await expect(result).toContainText(/Durée du séjour :\s*6-12\u00a0mois/);
    await expect(result).toContainText(/Cadre du travail :\s*À distance, pour un employeur ou des clients à l’étranger/);
    await expect(result).toContainText(/Permis recommandé :\s*Premium Visa/);

    // A full load of a shared result.
    await visitorPage.goto(`${server.url}${SHARED_RESULT}`);
    await expect(entries).toHaveCount(5);
    await expect(entries.nth(4)).toContainText(/Nationalité :\s*Canada/);
    await expect(entries.nth(4)).toContainText(/Travail à Maurice :\s*Retraité/);
    await expect(trail).toContainText('5 pages ouvertes depuis le début du chat');
    await expect(entries.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await expect(entries.first()).toContainText(/maintenant|il y a \d+ secondes/);
    expect(await operatorPage.evaluate(() => (window as unknown as { trailMarker?: boolean }).trailMarker)).toBe(true);
    expect(await axeViolations(operatorPage)).toEqual([]);
    await operatorPage.screenshot({ path: test.info().outputPath('console-with-trail.png'), fullPage: true });

    // What the browser sent: paths only, the query only for the visa finder's answers.
    expect(trailRequests.map(({ body }) => (body as { path: string }).path)).toEqual([
      '/fr/blog',
      '/fr/blog/guide-complet-immigration-maurice',
      '/fr/visa-finder',
      '/fr/visa-finder?nationality=France&duration=6-12+mois&work_status=Oui&work_context=remote_foreign',
      SHARED_RESULT,
    ]);
    // The page's own title, as the tab shows it (French typography puts no-break spaces before colons).
    expect((trailRequests[1]?.body as { title: string }).title.replace(/\s/g, ' ')).toBe(`${ARTICLE_TITLE} – Maurice Expat`);

    // The endpoint's refusals.
    const url = `${server.url}/api/chat/sessions/${id}/trail`;
    const headers = { authorization: `Bearer ${token}`, origin: server.url };
    const post = (data: unknown, extra: Record<string, string> = {}) => visitorPage.request.post(url, { headers: { ...headers, ...extra }, data });
    const bad = await post({ path: 'https://evil.example/fr', title: 'x' });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error).toBe('invalid_trail_entry');
    expect((await post({ path: '/fr/about', title: 'x'.repeat(201) })).status()).toBe(400);
    expect((await post({ path: '/fr/about' }, { authorization: 'Bearer forged-token-0123456789' })).status()).toBe(403);
    expect((await post({ path: '/fr/about' }, { origin: 'https://evil.example' })).status()).toBe(403);
    const statuses: number[] = [];
    for (let index = 0; index < 30; index += 1) statuses.push((await post({ path: `/fr/about`, title: 'À propos' })).status());
    expect(statuses).toContain(429);
    expect(statuses.every((status) => status === 204 || status === 429)).toBe(true);

    const trailApi = `${server.url}/api/admin/sessions/${id}/trail`;
    expect((await operatorPage.request.get(trailApi)).status()).toBe(200);
    expect((await visitorPage.request.get(trailApi)).status()).toBe(401);

    // "Delete my conversation" erases the trail with it.
    await chat.open();
    await chat.panel.getByRole('button', { name: 'Supprimer ma conversation' }).click();
    await chat.panel
      .getByRole('group', { name: /Supprimer définitivement/ })
      .getByRole('button', { name: 'Supprimer', exact: true })
      .click();
    await expect(visitorPage.getByRole('status').filter({ hasText: 'Votre conversation a été supprimée.' })).toBeVisible();
    await expect.poll(async () => (await operatorPage.request.get(trailApi)).status()).toBe(404);
  } finally {
    await close();
  }
});

test('a visitor without a conversation sends no trail request', async ({ page }) => {
  const trailRequests = watchTrailRequests(page);
  await page.goto('/fr');
  await page.locator('header a[href="/fr/blog"]').first().click();
  await expect(page).toHaveURL(/\/fr\/blog$/);
  await page.locator('a[href="/fr/blog/guide-complet-immigration-maurice"]').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARTICLE_TITLE);
  await page.goto(SHARED_RESULT);
  await expect(page.getByRole('article', { name: 'Votre résultat' })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(trailRequests).toEqual([]);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
});

test('a page opened through one instance appears live in a console on another, over PostgreSQL', async ({ browser, servers }) => {
  test.setTimeout(180_000);
  const { a, b } = await servers.postgres();
  const { visitorPage, operatorPage, trail, close } = await startConversation(browser, a.url, b.url);
  try {
    const entries = trail.locator('[data-trail-entry]');
    await visitorPage.locator('header a[href="/fr/blog"]').first().click();
    await expect(entries).toHaveCount(1);
    await visitorPage.locator('a[href="/fr/blog/guide-complet-immigration-maurice"]').first().click();
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(1)).toContainText(`Article : ${ARTICLE_TITLE}`);
    await visitorPage.goto(`${a.url}${SHARED_RESULT}`);
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(2)).toContainText(/Nationalité :\s*Canada/);
    expect(await operatorPage.evaluate(() => (window as unknown as { trailMarker?: boolean }).trailMarker)).toBe(true);
  } finally {
    await close();
  }
});
