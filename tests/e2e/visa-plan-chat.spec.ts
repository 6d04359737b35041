import { ChatWidgetPage, logInToConsole } from './chat-widget-helpers';
import { expect, test } from './fixtures';

const PLAN = '/fr/visa-finder/plan?nationality=France&duration=1-2+ans&work_status=Oui&work_context=local_employer&arrival=2027-03-01';
test('a conversation opened from a plan brings the plan link and target date to the console', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  // The suite's own server, with its operator account.
  const server = { url: baseURL! };
  const visitor = await browser.newPage();
  await visitor.goto(`${server.url}${PLAN}`);
  await visitor.getByRole('button', { name: 'Parler de mon plan à un conseiller' }).click();
  const chat = new ChatWidgetPage(visitor);
  await expect.poll(async () => (await chat.storedSession())?.id ?? null, { timeout: 30_000 }).not.toBeNull();
  const { id } = (await chat.storedSession())!;

  const operator = await browser.newPage();
  await logInToConsole(operator, server.url);
  await operator.locator(`a[data-session-id="${id}"]`).click();
  await expect(operator.getByRole('log').getByText(/voici mon plan d'installation \(Occupation Permit/)).toBeVisible();
  await expect(
    operator.getByRole('log').getByText(/arrivée visée le lundi 1 mars 2027\s:\shttp.*\/fr\/visa-finder\/plan\?nationality=France.*arrival=2027-03-01/),
  ).toBeVisible();
  const start = operator.locator('[data-visitor-trail] [data-trail-start]');
  await expect(start).toContainText("Plan d'installation");
  await expect(start).toContainText("Date d'arrivée visée");
  await expect(start.locator('dd', { hasText: '1 mars 2027' })).toBeVisible();
  await Promise.all([visitor.close(), operator.close()]);
});
