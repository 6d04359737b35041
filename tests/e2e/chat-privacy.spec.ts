import { ChatWidgetPage } from './chat-widget-helpers';
import { expect, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  // Each test is its own client for the per-client rate limits.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.91.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
});

test('"Ask an advisor" opens the chat with the answers and the recommendation as the first message', async ({ page }) => {
  await page.goto('/en/visa-finder?nationality=France&duration=6-12+mois&work_status=Oui&work_context=remote_foreign');
  await expect(page.getByRole('heading', { level: 3, name: 'Premium Visa' })).toBeVisible();
  await page.getByRole('button', { name: 'Ask an advisor' }).click();
  const chat = new ChatWidgetPage(page);
  await expect(chat.panel).toBeVisible();
  const first = chat.log.getByRole('listitem').first();
  await expect(first).toContainText('Nationality France');
  await expect(first).toContainText('Visa finder recommendation: Premium Visa');
});

test('"Delete my conversation" erases it on the server and starts afresh', async ({ page, playwright, baseURL }) => {
  await page.goto('/fr/contact');
  const chat = new ChatWidgetPage(page);
  await chat.open();
  await chat.waitReady();
  await chat.send('Message à effacer');
  const stored = await chat.storedSession();
  expect(stored).not.toBeNull();
  // The confirmation is part of the widget (no browser confirm()); Cancel keeps everything.
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected browser dialog: ${dialog.message()}`);
  });
  await chat.panel.getByRole('button', { name: 'Supprimer ma conversation' }).click();
  const confirm = chat.panel.getByRole('group', { name: /Supprimer définitivement cette conversation/ });
  await expect(confirm.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(chat.log.getByRole('listitem').filter({ hasText: 'Message à effacer' })).toHaveCount(1);
  await expect(chat.panel.getByRole('button', { name: 'Supprimer ma conversation' })).toBeFocused();
  await chat.panel.getByRole('button', { name: 'Supprimer ma conversation' }).click();
  await chat.panel
    .getByRole('group', { name: /Supprimer définitivement/ })
    .getByRole('button', { name: 'Supprimer', exact: true })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Votre conversation a été supprimée.' })).toBeVisible();
  await expect(chat.log.getByRole('listitem').filter({ hasText: 'Message à effacer' })).toHaveCount(0);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${stored!.token}` } });
  expect((await api.get(`/api/chat/sessions/${stored!.id}/messages`)).status()).toBe(403);
  await api.dispose();
  await expect.poll(async () => (await chat.storedSession())?.id).not.toBe(stored!.id);
});
