import { ChatWidgetPage } from './chat-widget-helpers';
import { axeViolations, expect, test } from './fixtures';
import { openConsole } from './console-login';
import { E2E_BUILD_ENV } from './build-env';

// The suite's own server runs with this calendar (tests/e2e/build-env.ts).
const { BOOKING_URL } = E2E_BUILD_ENV;

test('one click in the console sends a "book a call" card that the widget shows as a button to the calendar', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const server = { url: baseURL! };
  // axe needs a page of a context made with browser.newContext().
  const visitorContext = await browser.newContext();
  const visitorPage = await visitorContext.newPage();
  const operatorPage = await browser.newPage();
  try {
    await visitorPage.goto(`${server.url}/es/services`);
    const chat = new ChatWidgetPage(visitorPage);
    await chat.open('Abrir el chat');
    await chat.waitReady();
    await chat.send('Quisiera hablar con alguien');
    const { id } = (await chat.storedSession())!;

    await openConsole(operatorPage, server.url);
    await operatorPage.locator(`a[data-session-id="${id}"]`).click();
    const offer = operatorPage.getByRole('button', { name: 'Proposer un rendez-vous' });
    await offer.focus();
    await operatorPage.keyboard.press('Enter');
    await expect(operatorPage.getByRole('log').locator('[data-booking-card]')).toContainText('Invitation à réserver un appel envoyée');

    const card = chat.log.getByRole('link', { name: 'Reservar una llamada' });
    await expect(card).toHaveAttribute('href', BOOKING_URL);
    await expect(card).toHaveAttribute('target', '_blank');
    expect(await axeViolations(visitorPage)).toEqual([]);
    // Kept with the conversation: a reload shows the card again.
    await visitorPage.reload();
    await chat.open('Abrir el chat');
    await expect(chat.log.getByRole('link', { name: 'Reservar una llamada' })).toHaveAttribute('href', BOOKING_URL);
  } finally {
    await Promise.all([visitorContext.close(), operatorPage.close()]);
  }
});

test('without BOOKING_URL the console offers no card and the API refuses one with 409', async ({ page, servers }) => {
  test.setTimeout(90_000);
  // The worker's plain server: the suite's default one runs with the booking address of tests/e2e/build-env.ts.
  const server = await servers.server('embedded');
  await openConsole(page, server.url);
  await expect(page.getByRole('button', { name: 'Proposer un rendez-vous' })).toHaveCount(0);
  const response = await page.request.post(`${server.url}/api/admin/sessions/session_1_missing/booking`);
  expect(response.status()).toBe(409);
  expect((await response.json()).error).toBe('booking_not_configured');
});
