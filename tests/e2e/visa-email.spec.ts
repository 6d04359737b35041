import { parseMail } from '../support/mime';
import { expect, test } from './fixtures';
import { AGENCY_INBOX } from './servers';

test('a visa result is e-mailed to the visitor and kept as a lead for the agency', async ({ page, servers }) => {
  test.setTimeout(90_000);
  // An instance of the worker's PostgreSQL pair: SMTP to the worker's listener, notifications to AGENCY_INBOX.
  const { a: server } = await servers.postgres();
  const smtp = await servers.smtp();
  const visitor = `visitor.${Date.now().toString(36)}@example.com`;
  const about = () => smtp.mails.filter((mail) => mail.raw.includes(visitor));
  await page.goto(`${server.url}/en/visa-finder?nationality=France&duration=Plus+de+5+ans&work_status=Retrait%C3%A9`);
  await expect(page.getByRole('heading', { level: 3, name: /retired/i })).toBeVisible();
  await page.getByLabel('Your email').fill(visitor);
  await page.getByLabel(/I agree that my email/).check();
  await page.getByRole('button', { name: 'Send it to me' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email sent' })).toBeVisible();
  await expect.poll(() => about().length).toBe(2);
  const toVisitor = about().find((mail) => mail.rcptTo.includes(visitor));
  const toAgency = about().find((mail) => mail.rcptTo.includes(AGENCY_INBOX));
  const visitorMail = parseMail(toVisitor!.raw);
  expect(visitorMail.text).toContain('visa-finder?nationality=France');
  // The copy carries what the page shows: next steps, notes, both groups of sources with dates, markers.
  for (const heading of ['Next steps', 'Good to know', 'Official sources', 'Other sources (not official)', 'Rules checked on'])
    expect(visitorMail.text).toContain(heading);
  expect(visitorMail.text).toMatch(/Sources disagree: .*5 years/);
  expect(visitorMail.text).toMatch(/\(as of November 2025\): https:\/\/www\.mondaq\.com/);
  expect(visitorMail.text).toContain('[uncertain]');
  // The entry rules cite their sources as the conditions do.
  expect(visitorMail.text).toMatch(/No visa needed: .*\n- Sources: .*PIO: visa requirements/);
  expect(parseMail(toAgency!.raw).text).toContain(visitor);
});
