import { ChatWidgetPage } from './chat-widget-helpers';
import { expect, test } from './fixtures';
import { openConsole } from './console-login';

test('in Chromium, a visitor on instance A and the operator on instance B talk in real time over PostgreSQL', async ({ browser, servers }) => {
  test.setTimeout(120_000);
  const { a, b } = await servers.postgres();
  const visitorPage = await browser.newPage();
  const operatorPage = await browser.newPage();
  try {
    await visitorPage.goto(`${a.url}/it/services`);
    const chat = new ChatWidgetPage(visitorPage);
    await chat.open(/Apri la chat/);
    await chat.waitReady();
    await chat.send('Buongiorno, cerco informazioni');
    const { id } = (await chat.storedSession())!;

    await openConsole(operatorPage, b.url);
    await operatorPage.locator(`a[data-session-id="${id}"]`).click();
    const pane = operatorPage.getByRole('log');
    await expect(pane.getByText('Buongiorno, cerco informazioni')).toBeVisible();

    await chat.send('Vorrei trasferirmi nel 2027');
    await expect(pane.getByText('Vorrei trasferirmi nel 2027')).toBeVisible();
    await operatorPage.getByPlaceholder('Tapez votre réponse...').fill('Benvenuto! Le rispondo subito.');
    await operatorPage.getByPlaceholder('Tapez votre réponse...').press('Enter');
    await expect(chat.log.getByText('Benvenuto! Le rispondo subito.')).toBeVisible();
  } finally {
    await Promise.all([visitorPage.close(), operatorPage.close()]);
  }
});
