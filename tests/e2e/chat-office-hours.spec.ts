import type { Browser, Page } from '@playwright/test';
import { mauritianHolidayDates, mayBeUnlistedHoliday } from '../../lib/holidays/mu';
import { backAt } from '../../lib/office-hours/back-at';
import { officeState, parseOfficeHours } from '../../lib/office-hours/schedule';
import { mauritianDate } from '../../lib/time/mauritius';
import { ChatWidgetPage } from './chat-widget-helpers';
import { expect, test } from './fixtures';
import { openConsole } from './console-login';
import { OFFICE_HOURS } from './servers';

const VISITOR_ZONE = 'America/New_York';

/**
 * What the header must say now when nobody is online, in English and in New York time; with the
 * caveat only when that day lies next to a moveable feast the calendar merely calculated (lib/holidays/mu.ts).
 */
function expectedBackText(): RegExp {
  const now = new Date();
  const year = Number(mauritianDate(now).slice(0, 4));
  const { nextOpen } = officeState({ now, hours: parseOfficeHours(OFFICE_HOURS)!, holidays: mauritianHolidayDates({ years: [year, year + 1] }) });
  const back = backAt({ nextOpen: nextOpen!, now, timeZone: VISITOR_ZONE, localeTag: 'en-GB' });
  const when = back.when === 'today' ? 'today' : back.when === 'tomorrow' ? 'tomorrow' : back.day;
  const caveat = !mayBeUnlistedHoliday(mauritianDate(nextOpen!)) ? '' : ', unless it is a public holiday in Mauritius';
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

async function consoleOn(browser: Browser, url: string) {
  const page = await browser.newPage();
  await openConsole(page, url);
  return page;
}

test('without OFFICE_HOURS no hours are stated: the contact page has none and the widget only says nobody is online', async ({ browser, servers }) => {
  test.setTimeout(90_000);
  const server = await servers.server('embedded');
  const contact = await browser.newPage();
  await contact.goto(`${server.url}/en/contact`);
  await expect(contact.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(contact.getByTestId('contact-hours')).toHaveCount(0);
  await contact.close();
  const visitor = await visitorWidget(browser, server.url);
  await expect(visitor.status).toHaveText('No adviser is online right now: leave your message and we will reply here.');
  await visitor.close();
});

test('with OFFICE_HOURS the widget says when the team is back in the visitor’s time zone, and "online now" while a console is open', async ({
  browser,
  servers,
}) => {
  test.setTimeout(120_000);
  // One instance of the worker's PostgreSQL pair, which runs with OFFICE_HOURS (tests/e2e/servers.ts).
  const { a: server } = await servers.postgres();
  const visitor = await visitorWidget(browser, server.url);
  await expect(visitor.status).toHaveText(expectedBackText());
  await expect(visitor.status).toHaveAttribute('data-online', 'false');

  const console = await consoleOn(browser, server.url);
  await expectStatusAfterReopen(visitor, 'An adviser is online now');
  await expect(visitor.status).toHaveAttribute('data-online', 'true');

  await console.close();
  await expectStatusAfterReopen(visitor, expectedBackText());
  await visitor.close();
});

test('across two instances on PostgreSQL, a console open on B shows "online now" to a visitor on A, until it closes', async ({ browser, servers }) => {
  test.setTimeout(120_000);
  const { a, b } = await servers.postgres();
  const visitor = await visitorWidget(browser, a.url);
  await expect(visitor.status).toHaveText(expectedBackText());

  const console = await consoleOn(browser, b.url);
  await expectStatusAfterReopen(visitor, 'An adviser is online now');

  await console.close();
  await expectStatusAfterReopen(visitor, expectedBackText());
  await visitor.close();
});
