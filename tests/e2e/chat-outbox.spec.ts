import { randomUUID } from 'node:crypto';
import { E2E_OPERATOR } from '../../playwright.config';
import { ChatWidgetPage, chatApi } from './chat-widget-helpers';
import { expect, test } from './fixtures';
import { createVisitor, startServer, tempDataDir } from './server-process';

// A widget that never loses a word: what is typed while offline, while the server restarts or
// before a reload stays pending in the browser and is sent exactly once.

test('a message typed offline is shown as pending and sent once when the connection returns', async ({ page, context, playwright, baseURL }) => {
  await page.goto('/fr/services');
  const chat = new ChatWidgetPage(page);
  await chat.open();
  await chat.waitReady();
  await chat.send('Avant la coupure');
  await context.setOffline(true);
  await chat.input.fill('Écrit hors ligne');
  await chat.input.press('Enter');
  const pending = chat.log.locator('li[data-pending]');
  await expect(pending.filter({ hasText: 'Écrit hors ligne' })).toHaveCount(1);
  await page.waitForTimeout(1_500);
  await context.setOffline(false);
  await expect(pending).toHaveCount(0, { timeout: 20_000 });
  await expect(chat.log.getByRole('listitem').filter({ hasText: 'Écrit hors ligne' })).toHaveCount(1);
  const api = await chatApi(playwright, baseURL!, (await chat.storedSession())!);
  expect((await api.messages()).filter((message) => message.content === 'Écrit hors ligne')).toHaveLength(1);
  await api.dispose();
});

test('a message the stream brings back before the answer to its POST is shown once, as sent', async ({ page }) => {
  await page.goto('/fr/services');
  const chat = new ChatWidgetPage(page);
  await chat.open();
  await chat.waitReady();
  // The server saves the message and streams it at once; its answer to the POST is held back.
  let answered = false;
  await page.route('**/api/chat/sessions/*/messages', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    answered = true;
    await route.fulfill({ response });
  });
  await chat.send('Revenu par le flux', { expectShown: false });
  const copies = chat.log.getByRole('listitem').filter({ hasText: 'Revenu par le flux' });
  await expect(copies.and(page.locator(':not([data-pending])'))).toHaveCount(1);
  // Read once, not retried: before the answer, the outbox's copy must already be gone.
  expect(answered).toBe(false);
  expect(await copies.count()).toBe(1);
  await expect.poll(() => answered, { timeout: 10_000 }).toBe(true);
  await expect(copies).toHaveCount(1);
  await expect(copies).not.toHaveAttribute('data-pending', 'true');
});

test('a pending message survives a reload and is sent once afterwards', async ({ page, playwright, baseURL }) => {
  await page.goto('/en/services');
  const chat = new ChatWidgetPage(page);
  await chat.open('Open the chat');
  await chat.waitReady();
  await page.route('**/api/chat/sessions/*/messages', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
  );
  await chat.send('Kept across the reload', { expectShown: false });
  await expect(chat.log.locator('li[data-pending]')).toHaveCount(1);
  await page.reload();
  await chat.open('Open the chat');
  const pending = chat.log.locator('li[data-pending]').filter({ hasText: 'Kept across the reload' });
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText('Waiting to be sent');
  await page.unroute('**/api/chat/sessions/*/messages');
  await expect(pending).toHaveCount(0, { timeout: 30_000 });
  const api = await chatApi(playwright, baseURL!, (await chat.storedSession())!);
  expect((await api.messages()).filter((message) => message.content === 'Kept across the reload')).toHaveLength(1);
  await api.dispose();
});

test('a message typed while the server is down (killed, then started again) is sent once after the restart', async ({ browser, servers }) => {
  test.setTimeout(150_000);
  const env = { DATA_DIR: tempDataDir(), OPERATOR_EMAIL: E2E_OPERATOR.email, OPERATOR_PASSWORD: E2E_OPERATOR.password };
  let server = await startServer(servers.port(0), env);
  const page = await browser.newPage();
  try {
    await page.goto(`${server.url}/fr`);
    const chat = new ChatWidgetPage(page);
    await chat.open();
    await chat.waitReady();
    await chat.send('Avant le redémarrage');
    await server.stop('SIGKILL');
    await chat.input.fill('Pendant le redémarrage');
    await chat.input.press('Enter');
    const pending = chat.log.locator('li[data-pending]').filter({ hasText: 'Pendant le redémarrage' });
    await expect(pending).toHaveCount(1);
    server = await startServer(servers.port(0), env);
    await expect(pending).toHaveCount(0, { timeout: 60_000 });
    await expect(chat.log.getByRole('listitem').filter({ hasText: 'Pendant le redémarrage' })).toHaveCount(1);
    const session = (await chat.storedSession())!;
    const response = await fetch(`${server.url}/api/chat/sessions/${session.id}/messages`, { headers: { authorization: `Bearer ${session.token}` } });
    const { messages } = (await response.json()) as { messages: { content: string }[] };
    expect(messages.map((message) => message.content)).toEqual(['Avant le redémarrage', 'Pendant le redémarrage']);
  } finally {
    await page.close();
    await server.stop();
  }
});

test('a retried send with the same idempotency key never creates a second message, even when both race', async ({ baseURL }) => {
  const visitor = await createVisitor(baseURL!);
  const headers = {
    authorization: `Bearer ${visitor.token}`,
    'content-type': 'application/json',
    'x-forwarded-for': `10.66.${Math.floor(Math.random() * 250)}.7`,
  };
  const post = (clientId: string, content: string) =>
    fetch(`${baseURL}/api/chat/sessions/${visitor.id}/messages`, { method: 'POST', headers, body: JSON.stringify({ content, clientId }) });
  const key = randomUUID();
  const first = await post(key, 'Une seule fois');
  const again = await post(key, 'Une seule fois');
  expect([first.status, again.status]).toEqual([201, 200]);
  expect(((await again.json()) as { message: { id: number } }).message.id).toBe(((await first.json()) as { message: { id: number } }).message.id);

  const raced = randomUUID();
  const answers = await Promise.all([post(raced, 'En course'), post(raced, 'En course')]);
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
  const list = await visitor.list();
  expect(list.filter((message) => message.content === 'Une seule fois')).toHaveLength(1);
  expect(list.filter((message) => message.content === 'En course')).toHaveLength(1);

  expect((await post('not a key!', 'x')).status).toBe(400);
});
