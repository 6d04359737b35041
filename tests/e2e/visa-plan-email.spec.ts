import ICAL from 'ical.js';
import { parseMail } from '../support/mime';
import { expect, test } from './fixtures';

test('a plan is e-mailed with its calendar file attached', async ({ page, servers }) => {
  test.setTimeout(90_000);
  // An instance of the worker's PostgreSQL pair: SMTP to the worker's listener (a real one on loopback).
  const { a: server } = await servers.postgres();
  const smtp = await servers.smtp();
  const visitor = `visitor.${Date.now().toString(36)}@example.com`;
  await page.goto(`${server.url}/en/visa-finder/plan?nationality=France&duration=6-12+mois&work_status=Oui&work_context=remote_foreign&arrival=2027-03-01`);
  await page.getByLabel('Your email').fill(visitor);
  await page.getByLabel(/I agree that my email/).check();
  await page.getByRole('button', { name: 'Send it to me' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email sent' })).toBeVisible();
  await expect.poll(() => smtp.mails.filter((mail) => mail.rcptTo.includes(visitor)).length).toBe(1);
  const mail = parseMail(smtp.mails.find((item) => item.rcptTo.includes(visitor))!.raw);
  expect(mail.headers.get('subject')).toBe('Your relocation plan for Mauritius: Premium Visa');
  expect(mail.text).toContain('/en/visa-finder/plan?nationality=France&duration=6-12+mois&work_status=Oui&work_context=remote_foreign&arrival=2027-03-01');
  expect(mail.text).toContain('By Tuesday, 1 December 2026 at the latest — File the application');
  expect(mail.text).toContain("The agency's own fees are not included");
  const [attachment] = mail.attachments;
  expect(attachment).toMatchObject({ filename: 'plan-maurice-2027-03-01.ics', type: expect.stringMatching(/^text\/calendar/) });
  const events = new ICAL.Component(ICAL.parse(attachment!.content)).getAllSubcomponents('vevent');
  expect(events.map((vevent) => new ICAL.Event(vevent).summary)).toContain('File the application');
});
