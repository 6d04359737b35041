import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { ChatWidgetPage } from './chat-widget-helpers';
import { axeViolations, expect, test } from './fixtures';
import { openConsole } from './console-login';
import { clientAddress } from './console-visitor';

const FRENCH = 'Nos tarifs dépendent du permis : écris-nous ton projet et nous te répondrons avec un devis.';
const GERMAN = 'Unsere Preise hängen von der Aufenthaltsgenehmigung ab: Schreib uns dein Vorhaben, wir senden dir ein Angebot.';
const ITALIAN = 'Le nostre tariffe dipendono dal permesso: scrivici il tuo progetto e ti invieremo un preventivo.';

const logIn = (page: Page, url?: string) => openConsole(page, url);

/** A visitor's conversation started in the widget on a page of the given language. */
async function visitorConversation(browser: Browser, url: string, launcher: string, message: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });
  const page = await context.newPage();
  await page.goto(url);
  const chat = new ChatWidgetPage(page);
  await chat.open(launcher);
  await chat.waitReady();
  await chat.send(message);
  const { id } = (await chat.storedSession())!;
  return { chat, id, close: () => context.close() };
}

async function openConversation(page: Page, id: string) {
  await page.getByRole('link', { name: 'Conversations', exact: true }).click();
  await page.locator(`a[data-session-id="${id}"]`).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Session / })).toBeVisible();
}

const replyField = (page: Page) => page.getByRole('combobox', { name: 'Votre réponse' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Réponses types proposées' });
const cannedNotice = (page: Page) => page.getByTestId('canned-notice');

async function isFocused(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => element === document.activeElement);
}

test.describe('canned replies: server actions', () => {
  test('refuse a caller without a session and another site; the list needs a session', async ({ page, playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const list = await anonymous.get('/api/admin/canned-replies');
    expect(list.status()).toBe(401);
    expect(await list.json()).toMatchObject({ error: 'unauthorized' });

    // The console's own call, recorded to be replayed by others.
    await logIn(page);
    await page.getByRole('link', { name: 'Réponses types', exact: true }).click();
    const shortcut = `api-${randomBytes(3).toString('hex')}`;
    await page.getByLabel('Raccourci').fill(shortcut);
    await page.getByLabel('Français (obligatoire)').fill('Bonjour');
    const call = page.waitForRequest((request) => request.method() === 'POST' && Boolean(request.headers()['next-action']));
    await page.getByRole('button', { name: 'Créer la réponse' }).click();
    const recorded = await call;
    await expect(page.getByRole('status').filter({ hasText: `Réponse type /${shortcut} créée.` })).toBeVisible();
    const replay = (extra: Record<string, string> = {}) =>
      anonymous.fetch(recorded.url(), {
        method: 'POST',
        headers: { ...recorded.headers(), cookie: '', ...extra },
        data: recorded.postData()!.replace(shortcut, `${shortcut}-again`),
      });
    expect(await (await replay()).text()).toContain('"unauthorized"');
    const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
    expect((await replay({ cookie, origin: 'https://evil.example' })).status()).toBeGreaterThanOrEqual(400);
    // A body past the actions' 64 KB bound is refused, even with the session.
    const oversized = await anonymous.fetch(recorded.url(), {
      method: 'POST',
      headers: { ...recorded.headers(), cookie },
      data: recorded.postData()!.replace(shortcut, `${shortcut}-big`).replace('Bonjour', 'x'.repeat(100_000)),
    });
    expect(oversized.status()).toBeGreaterThanOrEqual(400);
    const listed = (await (await page.request.get('/api/admin/canned-replies')).json()).replies as { shortcut: string }[];
    expect(listed.map((item) => item.shortcut).filter((item) => item.startsWith(shortcut))).toEqual([shortcut]);
    await anonymous.dispose();
    await page.getByRole('button', { name: `Supprimer /${shortcut}` }).click();
    await page.getByRole('button', { name: 'Confirmer la suppression' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Réponse type /${shortcut} supprimée.` })).toBeVisible();
  });
});

// One reply, `tarifs`, goes through its life: created, inserted in German, in Italian (French
// fallback), edited, deleted. The tests share the suite's server and run in order.
test.describe.serial('canned replies: console', () => {
  test('the operator creates a reply in French and German with the keyboard only', async ({ page }) => {
    await logIn(page);
    // The keyboard starts on the console's views (the focus put on the last one, then keys only).
    const view = page.getByRole('link', { name: 'Réponses types', exact: true });
    await view.focus();
    await page.keyboard.press('Enter');
    await expect(view).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Nouvelle réponse type' })).toBeVisible();
    for (let presses = 0; presses < 8 && !(await isFocused(page, '#canned-shortcut')); presses += 1) await page.keyboard.press('Tab');
    await expect(page.getByLabel('Raccourci')).toBeFocused();
    await page.keyboard.type('tarifs');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Français (obligatoire)')).toBeFocused();
    await page.keyboard.type(FRENCH);
    for (const language of ['Anglais', 'Espagnol', 'Allemand']) {
      await page.keyboard.press('Tab');
      await expect(page.getByLabel(language, { exact: true })).toBeFocused();
    }
    await page.keyboard.type(GERMAN);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Italien', { exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Créer la réponse' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('status').filter({ hasText: 'Réponse type /tarifs créée.' })).toBeVisible();
    const item = page
      .getByRole('region', { name: /Réponses enregistrées/ })
      .getByRole('listitem')
      .filter({ hasText: '/tarifs' });
    await expect(item).toContainText(FRENCH);
    await expect(item).toContainText('Langues : Français, Allemand');
    // Ready for the next one: the form is empty and the focus back on the shortcut.
    await expect(page.getByLabel('Raccourci')).toBeFocused();
    await expect(page.getByLabel('Raccourci')).toHaveValue('');

    // The same shortcut again is refused beside the field.
    await page.keyboard.type('tarifs');
    await page.getByLabel('Français (obligatoire)').fill('Doublon');
    await page.getByRole('button', { name: 'Créer la réponse' }).press('Enter');
    await expect(page.getByText('Ce raccourci est déjà pris par une autre réponse.')).toBeVisible();
    await expect(page.getByLabel('Raccourci')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Raccourci')).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("in a German visitor's conversation, /tar and Enter insert the German text, which the visitor receives", async ({ page, browser }) => {
    const visitor = await visitorConversation(browser, '/de/services', 'Chat öffnen', 'Hallo, was kostet eine Aufenthaltsgenehmigung?');
    try {
      await logIn(page);
      await openConversation(page, visitor.id);
      const field = replyField(page);
      await field.click();
      await page.keyboard.type('/tar');
      await expect(suggestions(page)).toBeVisible();
      await expect(field).toHaveAttribute('aria-expanded', 'true');
      const option = page.getByRole('option', { name: /\/tarifs/ });
      await expect(option).toHaveAttribute('aria-selected', 'true');
      await expect(option).toContainText(GERMAN);
      await expect(field).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
      expect(await axeViolations(page)).toEqual([]);

      // Escape closes the list, the down arrow opens it again.
      await page.keyboard.press('Escape');
      await expect(suggestions(page)).toBeHidden();
      await expect(field).toHaveAttribute('aria-expanded', 'false');
      await expect(field).not.toHaveAttribute('aria-activedescendant');
      await page.keyboard.press('ArrowDown');
      await expect(suggestions(page)).toBeVisible();

      await page.keyboard.press('Enter');
      await expect(field).toHaveValue(GERMAN);
      await expect(suggestions(page)).toBeHidden();
      await expect(cannedNotice(page)).toHaveText('Réponse /tarifs insérée en allemand.');
      await expect(field).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(field).toHaveValue('');
      await expect(visitor.chat.log.getByText(GERMAN)).toBeVisible();
    } finally {
      await visitor.close();
    }
  });

  test('in an Italian conversation without Italian text, the French text is inserted and the console says so', async ({ page, browser }) => {
    const visitor = await visitorConversation(browser, '/it/services', 'Apri la chat', 'Buongiorno, quanto costa?');
    try {
      await logIn(page);
      await openConversation(page, visitor.id);
      const field = replyField(page);
      await field.click();
      await page.keyboard.type('Buongiorno! /ta');
      const option = page.getByRole('option', { name: /\/tarifs/ });
      await expect(option).toContainText('(en français)');
      await expect(option).toContainText(FRENCH);
      // The mouse picks it too.
      await option.click();
      await expect(field).toHaveValue(`Buongiorno! ${FRENCH}`);
      await expect(cannedNotice(page)).toHaveText('Pas de texte en italien pour /tarifs : texte français inséré.');
      await expect(field).toBeFocused();
      // The operator still edits before sending.
      await page.keyboard.type(' Grazie!');
      await page.keyboard.press('Enter');
      await expect(visitor.chat.log.getByText(`Buongiorno! ${FRENCH} Grazie!`)).toBeVisible();
      await expect(cannedNotice(page)).toHaveText('');
    } finally {
      await visitor.close();
    }
  });

  test('the operator edits the reply (Italian added, then used) and deletes it', async ({ page, browser }) => {
    const visitor = await visitorConversation(browser, '/it/contact', 'Apri la chat', 'Ciao, ho una domanda sulle tariffe');
    try {
      await logIn(page);
      await page.getByRole('link', { name: 'Réponses types', exact: true }).click();
      await page.getByRole('button', { name: 'Modifier /tarifs' }).click();
      await expect(page.getByRole('heading', { name: 'Modifier la réponse /tarifs' })).toBeVisible();
      await expect(page.getByLabel('Raccourci')).toBeFocused();
      await expect(page.getByLabel('Allemand', { exact: true })).toHaveValue(GERMAN);
      await page.getByLabel('Italien', { exact: true }).fill(ITALIAN);
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Réponse type /tarifs enregistrée.' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Modifier /tarifs' })).toBeFocused();
      await expect(page.getByRole('heading', { name: 'Nouvelle réponse type' })).toBeVisible();
      await expect(
        page
          .getByRole('region', { name: /Réponses enregistrées/ })
          .getByRole('listitem')
          .filter({ hasText: '/tarifs' }),
      ).toContainText('Langues : Français, Allemand, Italien');

      await openConversation(page, visitor.id);
      await replyField(page).click();
      await page.keyboard.type('/tar');
      await expect(page.getByRole('option', { name: /\/tarifs/ })).toContainText(ITALIAN);
      await page.keyboard.press('Tab');
      await expect(replyField(page)).toHaveValue(ITALIAN);
      await expect(cannedNotice(page)).toHaveText('Réponse /tarifs insérée en italien.');
      await replyField(page).fill('');

      await page.getByRole('link', { name: 'Réponses types', exact: true }).click();
      await page.getByRole('button', { name: 'Supprimer /tarifs' }).click();
      const confirm = page.getByRole('group', { name: 'Supprimer définitivement la réponse /tarifs ?' });
      await expect(confirm.getByRole('button', { name: 'Annuler' })).toBeFocused();
      await confirm.getByRole('button', { name: 'Confirmer la suppression' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Réponse type /tarifs supprimée.' })).toBeVisible();
      await expect(
        page
          .getByRole('region', { name: /Réponses enregistrées/ })
          .getByRole('listitem')
          .filter({ hasText: '/tarifs' }),
      ).toHaveCount(0);
      await expect(page.getByRole('heading', { name: /Réponses enregistrées/ })).toBeFocused();

      await openConversation(page, visitor.id);
      await replyField(page).click();
      await page.keyboard.type('/tar');
      await expect(replyField(page)).toHaveAttribute('aria-expanded', 'false');
      await expect(suggestions(page)).toBeHidden();
    } finally {
      await visitor.close();
    }
  });
});

test('on PostgreSQL, a reply created in the console of instance A is offered by the console of instance B', async ({ browser, servers }) => {
  test.setTimeout(150_000);
  const { a, b } = await servers.postgres();
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const operatorA = await contextA.newPage();
  const operatorB = await contextB.newPage();
  let visitor: Awaited<ReturnType<typeof visitorConversation>> | undefined;
  try {
    visitor = await visitorConversation(browser, `${b.url}/de/services`, 'Chat öffnen', 'Guten Tag, was kostet das?');
    // B's console is open on the conversation before any reply exists: `/` offers nothing.
    await logIn(operatorB, b.url);
    await openConversation(operatorB, visitor.id);
    await replyField(operatorB).click();
    await operatorB.keyboard.type('/tar');
    await expect(replyField(operatorB)).toHaveAttribute('aria-expanded', 'false');
    await replyField(operatorB).fill('');

    await logIn(operatorA, a.url);
    await operatorA.getByRole('link', { name: 'Réponses types', exact: true }).click();
    await operatorA.getByLabel('Raccourci').fill('tarifs');
    await operatorA.getByLabel('Français (obligatoire)').fill(FRENCH);
    await operatorA.getByLabel('Allemand', { exact: true }).fill(GERMAN);
    await operatorA.getByRole('button', { name: 'Créer la réponse' }).click();
    await expect(
      operatorA
        .getByRole('region', { name: /Réponses enregistrées/ })
        .getByRole('listitem')
        .filter({ hasText: '/tarifs' }),
    ).toBeVisible();

    // The operator comes back to B's window: the console reads the replies again.
    await operatorB.evaluate(() => window.dispatchEvent(new Event('focus')));
    await replyField(operatorB).click();
    await operatorB.keyboard.type('/tar');
    await expect(operatorB.getByRole('option', { name: /\/tarifs/ })).toContainText(GERMAN);
    await operatorB.keyboard.press('Enter');
    await expect(replyField(operatorB)).toHaveValue(GERMAN);
    await operatorB.keyboard.press('Enter');
    await expect(visitor.chat.log.getByText(GERMAN)).toBeVisible();
  } finally {
    await visitor?.close();
    await Promise.all([contextA.close(), contextB.close()]);
  }
});
