import { parseMail } from '../support/mime';
import { startSmtpPeer } from '../support/peers';
import { expect, test } from './fixtures';
import { startServer, tempDataDir } from './server-process';

test('a visa result is e-mailed to the visitor and kept as a lead for the agency', async ({ page }) => {
  test.setTimeout(90_000);
  const smtp = await startSmtpPeer();
  const server = await startServer(3822, {
    DATA_DIR: tempDataDir(),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    NOTIFY_EMAIL_TO: 'demandes@example.test',
  });
  try {
    await page.goto(`${server.url}/en/visa-finder?nationality=France&duration=Plus+de+5+ans&work_status=Retrait%C3%A9`);
    await expect(page.getByRole('heading', { level: 3, name: /retired/i })).toBeVisible();
    await page.getByLabel('Your email').fill('visitor@example.com');
    await page.getByLabel(/I agree that my email/).check();
    await page.getByRole('button', { name: 'Send it to me' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Email sent' })).toBeVisible();
    await expect.poll(() => smtp.mails.length).toBe(2);
    const toVisitor = smtp.mails.find((mail) => mail.rcptTo.includes('visitor@example.com'));
    const toAgency = smtp.mails.find((mail) => mail.rcptTo.includes('demandes@example.test'));
    const visitorMail = parseMail(toVisitor!.raw);
    expect(visitorMail.text).toContain('visa-finder?nationality=France');
    // The copy carries what the page shows: next steps, notes, both groups of sources with dates, markers.
    for (const heading of ['Next steps', 'Good to know', 'Official sources', 'Other sources (not official)', 'Rules checked on']) expect(visitorMail.text).toContain(heading);
    expect(visitorMail.text).toMatch(/Sources disagree: .*5 years/);
    expect(visitorMail.text).toMatch(/\(as of November 2025\): https:\/\/www\.mondaq\.com/);
    expect(visitorMail.text).toContain('[uncertain]');
    // The entry rules cite their sources as the conditions do.
    expect(visitorMail.text).toMatch(/No visa needed: .*\n- Sources: .*PIO: visa requirements/);
    expect(parseMail(toAgency!.raw).text).toContain('visitor@example.com');
  } finally {
    await server.stop();
    await smtp.close();
  }
});
