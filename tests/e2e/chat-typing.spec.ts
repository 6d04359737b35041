import type { Browser } from '@playwright/test';
import { ChatWidgetPage, logInToConsole } from './chat-widget-helpers';
import { axeViolations, expect, test } from './fixtures';

/** The visitor's acknowledged messages (a pending copy can show beside one for a moment). */
const sent = (chat: ChatWidgetPage) => chat.log.locator('li:not([data-pending])');

/** A German visitor on `visitorUrl` writes; the operator on `operatorUrl` opens the conversation. */
async function converse(browser: Browser, visitorUrl: string, operatorUrl: string) {
  // axe needs a page of a context made with browser.newContext().
  const visitorContext = await browser.newContext();
  const operatorContext = await browser.newContext();
  const visitorPage = await visitorContext.newPage();
  const operatorPage = await operatorContext.newPage();
  await visitorPage.goto(`${visitorUrl}/de/services`);
  const chat = new ChatWidgetPage(visitorPage);
  await chat.open('Chat öffnen');
  await chat.waitReady();
  await chat.send('Guten Tag, ich ziehe nach Mauritius');
  const { id, token } = (await chat.storedSession())!;
  // Not read yet: no receipt.
  await expect(chat.log.getByText('Gelesen')).toHaveCount(0);

  await logInToConsole(operatorPage, operatorUrl);
  await operatorPage.locator(`a[data-session-id="${id}"]`).click();
  await expect(operatorPage.getByRole('log').getByText('Guten Tag, ich ziehe nach Mauritius')).toBeVisible();
  const close = () => Promise.all([visitorContext.close(), operatorContext.close()]);
  return { chat, visitorPage, operatorPage, id, token, close };
}

test('typing shows both ways and the visitor sees when the operator read the message, after a reload too', async ({ browser, servers }) => {
  test.setTimeout(150_000);
  const server = await servers.server('embedded');
  const { chat, visitorPage, operatorPage, id, token, close } = await converse(browser, server.url, server.url);
  try {
    // Opening the conversation read it: the receipt comes live.
    const receipt = chat.log.locator('[data-read-receipt]');
    await expect(receipt).toHaveText('Gelesen');
    await expect(sent(chat).filter({ hasText: 'Guten Tag' })).toContainText('Gelesen');

    // The operator types: the visitor sees it, announced by a polite live region (not a log entry).
    const reply = operatorPage.getByPlaceholder('Tapez votre réponse...');
    await reply.pressSequentially('Bonjour', { delay: 50 });
    const operatorTyping = chat.panel.locator('[data-typing]').filter({ hasText: 'Ein Berater schreibt …' });
    await expect(operatorTyping).toBeVisible();
    await expect(operatorTyping).toHaveAttribute('aria-live', 'polite');
    expect(await axeViolations(visitorPage)).toEqual([]);
    // Shown about five seconds after the last signal, then gone.
    await expect(operatorTyping).toHaveCount(0, { timeout: 10_000 });

    // The visitor types: the console shows it beside the conversation.
    await chat.input.pressSequentially('Ich habe eine Frage', { delay: 50 });
    const visitorTyping = operatorPage.locator('[data-typing]').filter({ hasText: 'Le visiteur écrit…' });
    await expect(visitorTyping).toBeVisible();
    expect(await axeViolations(operatorPage)).toEqual([]);
    // Their message ends it at once.
    await chat.input.press('Enter');
    await expect(operatorPage.getByRole('log').getByText('Ich habe eine Frage')).toBeVisible();
    await expect(visitorTyping).toHaveCount(0);
    // The console has it open, so it is read: the receipt moves to the newest message.
    await expect(sent(chat).filter({ hasText: 'Ich habe eine Frage' })).toContainText('Gelesen');
    await expect(receipt).toHaveCount(1);

    // The operator's reply ends "typing" on the visitor's side.
    await reply.pressSequentially(' !', { delay: 50 });
    await expect(operatorTyping).toBeVisible();
    await reply.press('Enter');
    await expect(chat.log.getByText('Bonjour !')).toBeVisible();
    await expect(operatorTyping).toHaveCount(0);

    // Stored: a reload shows the receipt again.
    await visitorPage.reload();
    await chat.open('Chat öffnen');
    await expect(sent(chat).filter({ hasText: 'Ich habe eine Frage' })).toContainText('Gelesen');

    // Typing signals are bounded per conversation; other sessions' tokens do not open this one.
    const headers = { authorization: `Bearer ${token}`, origin: server.url };
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) statuses.push((await visitorPage.request.post(`${server.url}/api/chat/sessions/${id}/typing`, { headers })).status());
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 204 || status === 429)).toBe(true);
    const forged = await visitorPage.request.post(`${server.url}/api/chat/sessions/${id}/typing`, {
      headers: { ...headers, authorization: 'Bearer forged-token-0123456789' },
    });
    expect(forged.status()).toBe(403);
    const anonymous = await visitorPage.request.post(`${server.url}/api/admin/sessions/${id}/typing`);
    expect(anonymous.status()).toBe(401);
    const crossSite = await visitorPage.request.post(`${server.url}/api/chat/sessions/${id}/typing`, {
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expect(crossSite.status()).toBe(403);
    const operatorCrossSite = await operatorPage.request.post(`${server.url}/api/admin/sessions/${id}/typing`, { headers: { origin: 'https://evil.example' } });
    expect(operatorCrossSite.status()).toBe(403);
  } finally {
    await close();
  }
});

test('typing and read receipts cross instances over PostgreSQL', async ({ browser, servers }) => {
  test.setTimeout(150_000);
  const { a, b } = await servers.postgres();
  const { chat, operatorPage, close } = await converse(browser, a.url, b.url);
  try {
    await expect(chat.log.locator('[data-read-receipt]')).toHaveText('Gelesen');
    await operatorPage.getByPlaceholder('Tapez votre réponse...').pressSequentially('Bonjour', { delay: 50 });
    await expect(chat.panel.locator('[data-typing]').filter({ hasText: 'Ein Berater schreibt …' })).toBeVisible();
    await chat.input.pressSequentially('Danke', { delay: 50 });
    await expect(operatorPage.locator('[data-typing]').filter({ hasText: 'Le visiteur écrit…' })).toBeVisible();
  } finally {
    await close();
  }
});
