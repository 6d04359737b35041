import type { Browser, Page } from '@playwright/test';
import { E2E_OPERATOR } from '../../playwright.config';
import { holidaysCompleteFor, MU_HOLIDAY_DATES } from '../../lib/holidays-mu';
import { backAt } from '../../lib/office-hours/back-at';
import { mauritianDate, officeState, parseOfficeHours } from '../../lib/office-hours/schedule';
import { ChatWidgetPage } from './chat-widget-helpers';
import { expect, test } from './fixtures';
import { freshPostgresDatabase, startServer, tempDataDir } from './server-process';

// Saturday is not worked, so the answer is never "open now" for more than a day in a row.
const OFFICE_HOURS = '1-5 09:00-17:00';
const VISITOR_ZONE = 'America/New_York';
const OPERATOR = { OPERATOR_EMAIL: E2E_OPERATOR.email, OPERATOR_PASSWORD: E2E_OPERATOR.password };

/**
 * What the header must say now when nobody is online, in English and in New York time; with the
 * caveat while that day's year lacks the moveable holidays (content/holidays-mu.ts).
 */
function expectedBackText(): RegExp {
  const now = new Date();
  const { nextOpen } = officeState({ now, hours: parseOfficeHours(OFFICE_HOURS)!, holidays: MU_HOLIDAY_DATES });
  const back = backAt({ nextOpen: nextOpen!, now, timeZone: VISITOR_ZONE, localeTag: 'en-GB' });
  const when = back.when === 'today' ? 'today' : back.when === 'tomorrow' ? 'tomorrow' : back.day;
  const caveat = holidaysCompleteFor(mauritianDate(nextOpen!)) ? '' : ', unless it is a public holiday in Mauritius';
  return new RegExp(`^Back ${when} at ${back.time} your time${caveat}$`);
}

async function visitorWidget(browser: Browser, url: string) {
  const context = await browser.newContext({ timezoneId: VISITOR_ZONE, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${url}/en/services`);
  const chat = new ChatWidgetPage(page);
  await chat.open('Open the chat');
  return { page, chat, status: page.getByTestId('chat-status'), close: () => context.close() };
}

/** Closing and reopening the panel asks the server again (it also polls every 30 s). */
async function reopen(page: Page, chat: ChatWidgetPage) {
  await page.keyboard.press('Escape');
  await expect(chat.panel).toBeHidden();
  await chat.launcher.click();
  await expect(chat.panel).toBeVisible();
}

/** Reopens the panel until the header says `text` (the console's stream and heartbeat take a moment). */
async function expectStatusAfterReopen(visitor: { page: Page; chat: ChatWidgetPage; status: ReturnType<Page['getByTestId']> }, text: string | RegExp) {
  await expect(async () => {
    await reopen(visitor.page, visitor.chat);
    await expect(visitor.status).toHaveText(text, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

async function openConsole(browser: Browser, url: string) {
  const page = await browser.newPage();
  await page.goto(`${url}/admin/chat`);
  await page.getByLabel('Adresse e-mail').fill(E2E_OPERATOR.email);
  await page.getByLabel('Mot de passe').fill(E2E_OPERATOR.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  return page;
}

test('without OFFICE_HOURS no hours are stated: the contact page has none and the widget only says nobody is online', async ({ browser }) => {
  test.setTimeout(90_000);
  const server = await startServer(3871, { DATA_DIR: tempDataDir(), ...OPERATOR });
  try {
    const contact = await browser.newPage();
    await contact.goto(`${server.url}/en/contact`);
    await expect(contact.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(contact.getByTestId('contact-hours')).toHaveCount(0);
    await contact.close();
    const visitor = await visitorWidget(browser, server.url);
    await expect(visitor.status).toHaveText('No adviser is online right now: leave your message and we will reply here.');
    await visitor.close();
  } finally {
    await server.stop();
  }
});

test('with OFFICE_HOURS the widget says when the team is back in the visitor’s time zone, and "online now" while a console is open', async ({ browser }) => {
  test.setTimeout(120_000);
  const server = await startServer(3872, { DATA_DIR: tempDataDir(), OFFICE_HOURS, ...OPERATOR });
  try {
    const visitor = await visitorWidget(browser, server.url);
    await expect(visitor.status).toHaveText(expectedBackText());
    await expect(visitor.status).toHaveAttribute('data-online', 'false');

    const console = await openConsole(browser, server.url);
    await expectStatusAfterReopen(visitor, 'An adviser is online now');
    await expect(visitor.status).toHaveAttribute('data-online', 'true');

    await console.close();
    await expectStatusAfterReopen(visitor, expectedBackText());
    await visitor.close();
  } finally {
    await server.stop();
  }
});

test('across two instances on PostgreSQL, a console open on B shows "online now" to a visitor on A, until it closes', async ({ browser }) => {
  test.setTimeout(120_000);
  const database = freshPostgresDatabase('chat_presence');
  test.skip(!database, 'PostgreSQL is not reachable on 127.0.0.1:5432');
  const env = { DATABASE_URL: database!.url, OFFICE_HOURS, SESSION_SECRET: 'one-secret-shared-by-every-instance-0123456789', ...OPERATOR };
  const a = await startServer(3873, env);
  const b = await startServer(3874, env);
  try {
    const visitor = await visitorWidget(browser, a.url);
    await expect(visitor.status).toHaveText(expectedBackText());

    const console = await openConsole(browser, b.url);
    await expectStatusAfterReopen(visitor, 'An adviser is online now');

    await console.close();
    await expectStatusAfterReopen(visitor, expectedBackText());
    await visitor.close();
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    database!.drop();
  }
});
