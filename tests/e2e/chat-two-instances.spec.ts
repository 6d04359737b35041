import { E2E_OPERATOR } from '../../playwright.config';
import { ChatWidgetPage } from './chat-widget-helpers';
import { expect, test } from './fixtures';
import { freshPostgresDatabase, startServer } from './server-process';


test('in Chromium, a visitor on instance A and the operator on instance B talk in real time over PostgreSQL', async ({ browser }) => {
  test.setTimeout(120_000);
  const database = freshPostgresDatabase('chat_ui');
  test.skip(!database, 'PostgreSQL is not reachable on 127.0.0.1:5432');
  const env = { DATABASE_URL: database!.url, OPERATOR_EMAIL: E2E_OPERATOR.email, OPERATOR_PASSWORD: E2E_OPERATOR.password, SESSION_SECRET: 'one-secret-shared-by-every-instance-0123456789' };
  const a = await startServer(3824, env);
  const b = await startServer(3825, env);
  const visitorPage = await browser.newPage();
  const operatorPage = await browser.newPage();
  try {
    await visitorPage.goto(`${a.url}/it/services`);
    const chat = new ChatWidgetPage(visitorPage);
    await chat.open(/Apri la chat/);
    await chat.waitReady();
    await chat.send('Buongiorno, cerco informazioni');
    const { id } = (await chat.storedSession())!;

    await operatorPage.goto(`${b.url}/admin/chat`);
    await operatorPage.getByLabel('Adresse e-mail').fill(E2E_OPERATOR.email);
    await operatorPage.getByLabel('Mot de passe').fill(E2E_OPERATOR.password);
    await operatorPage.getByRole('button', { name: 'Se connecter' }).click();
    await operatorPage.locator(`button[data-session-id="${id}"]`).click();
    const pane = operatorPage.getByRole('log');
    await expect(pane.getByText('Buongiorno, cerco informazioni')).toBeVisible();

    await chat.send('Vorrei trasferirmi nel 2027');
    await expect(pane.getByText('Vorrei trasferirmi nel 2027')).toBeVisible();
    await operatorPage.getByPlaceholder('Tapez votre réponse...').fill('Benvenuto! Le rispondo subito.');
    await operatorPage.getByPlaceholder('Tapez votre réponse...').press('Enter');
    await expect(chat.log.getByText('Benvenuto! Le rispondo subito.')).toBeVisible();
  } finally {
    await Promise.all([visitorPage.close(), operatorPage.close()]);
    await Promise.all([a.stop(), b.stop()]);
    database!.drop();
  }
});
