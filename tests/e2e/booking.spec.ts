import { BOOKING_TIMEOUT_MS } from '../../components/contact/booking-frame';
import { E2E_BUILD_ENV } from './build-env';
import { axeViolations, expect, test } from './fixtures';

// The suite's build sets a booking address (`npm run build:test`); the browser answers for it here.
const BOOKING = E2E_BUILD_ENV.BOOKING_URL;
const SERVICE = `${new URL(BOOKING).origin}/**`;
const CALENDAR = '<!doctype html><html lang="en"><title>Calendar</title><main><h1>Pick a time</h1></main></html>';

test.describe('booking calendar on the contact page', () => {
  test('shows the calendar when the booking service answers', async ({ page }) => {
    await page.route(SERVICE, (route) => route.fulfill({ contentType: 'text/html', body: CALENDAR }));
    await page.goto('/en/contact');
    const frame = page.getByTitle('Booking calendar');
    await expect(frame, 'the suite runs on `npm run build:test`, which sets BOOKING_URL').toHaveAttribute('src', BOOKING);
    await frame.scrollIntoViewIfNeeded();
    await expect(page.frameLocator('iframe[title="Booking calendar"]').getByRole('heading', { name: 'Pick a time' })).toBeVisible();
    await expect(frame).toHaveAttribute('aria-busy', 'false');
    await expect(page.locator('[data-booking-unavailable]')).toHaveCount(0);
  });

  test('says so, with the way out, when the booking service refuses the connection', async ({ page }) => {
    await page.route(SERVICE, (route) => route.abort('connectionrefused'));
    await page.goto('/fr/contact');
    const note = page.locator('[data-booking-unavailable]');
    await expect(note).toHaveText(/Le calendrier de réservation ne répond pas pour le moment/);
    await expect(note).toHaveAttribute('role', 'status');
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ouvrir le calendrier dans un nouvel onglet' })).toHaveAttribute('href', BOOKING);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('falls back when the booking service never answers', async ({ page }) => {
    await page.clock.install();
    // Never answered: the requests hang like a service down behind its load balancer (and hold the
    // page's load event, so the test waits for the document only).
    await page.route(SERVICE, () => new Promise<void>(() => {}));
    await page.goto('/de/contact', { waitUntil: 'domcontentloaded' });
    await expect(page.getByTitle('Buchungskalender')).toHaveAttribute('aria-busy', 'true');
    // The check starts once the page is hydrated: move the clock on until the timeout has passed for it.
    await expect
      .poll(async () => {
        await page.clock.runFor(BOOKING_TIMEOUT_MS + 1_000);
        return page.locator('[data-booking-unavailable]').count();
      })
      .toBe(1);
    await expect(page.locator('[data-booking-unavailable]')).toHaveText(/Der Buchungskalender antwortet gerade nicht/);
    await expect(page.getByTitle('Buchungskalender')).toHaveCount(0);
  });
});
