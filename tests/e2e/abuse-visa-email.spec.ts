import { parseMail } from '../support/mime';
import { startSmtpPeer } from '../support/peers';
import { expect, test } from './fixtures';
import { startServer, tempDataDir } from './server-process';

const ANSWERS = { nationality: 'Canada', duration: '1-2 ans', work_status: 'Oui', work_context: 'remote_foreign', family: 'Oui' };
const OPERATOR = { email: 'abuse-operator@example.test', password: 'operator-password-abuse' };
let forged = 0;
/** A different, forged X-Forwarded-For on every call: what an attacker sends to dodge per-client limits. */
const forgedClient = () => ({ 'x-forwarded-for': `198.18.${Math.floor(++forged / 250)}.${forged % 250}` });

const sendResult = (base: string, email: string, locale = 'en') =>
  fetch(`${base}/api/visa-check/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...forgedClient() },
    body: JSON.stringify({ ...ANSWERS, email, consent: true, locale }),
  });

test('the visa e-mail is no open relay: per-address and site-wide budgets kept in the database, across a restart', async ({ page, servers }) => {
  test.setTimeout(150_000);
  const smtp = await startSmtpPeer();
  const env = {
    DATA_DIR: tempDataDir(),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    NOTIFY_EMAIL_TO: 'agency@example.test',
    VISA_EMAIL_HOURLY_BUDGET: '5',
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
  };
  // The agency's own notifications go to the same SMTP peer: only mails to visitors count here.
  const toVisitors = () => smtp.mails.filter((mail) => !mail.rcptTo.includes('agency@example.test'));
  let server = await startServer(servers.port(0), env);
  try {
    // The attack: one victim address, a fresh forged client address each time.
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await sendResult(server.url, 'victim@example.com')).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const refused = await sendResult(server.url, 'victim@example.com');
    expect(refused.headers.get('retry-after')).toBe(String(24 * 3600));
    expect(await refused.json()).toMatchObject({ error: 'email_recipient_limit' });
    await expect.poll(() => toVisitors().length).toBe(3);

    // The mail says why it came and how to have the address erased; the lead says the address is unverified.
    const mail = parseMail(toVisitors()[0]!.raw).text;
    expect(mail).toContain('You are receiving this email because this address was entered in the visa finder of');
    // The agency's address is still a placeholder in this build: the mail points to the contact page instead.
    expect(mail).toContain('To have this address and your answers erased, write to us from the Contact page of the site.');
    expect(mail).not.toContain('contact@maurice-expat.mu');
    const operator = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...forgedClient() },
      body: JSON.stringify(OPERATOR),
    });
    const cookie = (operator.headers.get('set-cookie') ?? '').split(';')[0]!;
    // What the agency holds about the address: its export (the operator's privacy tool).
    const { leads } = (await (await fetch(`${server.url}/api/admin/privacy?email=victim%40example.com`, { headers: { cookie } })).json()) as {
      leads: { email: string; details: { emailVerified?: boolean } }[];
    };
    expect(leads.filter((lead) => lead.email === 'victim@example.com')).toHaveLength(3);
    expect(leads.every((lead) => lead.details.emailVerified === false)).toBe(true);

    // Site-wide: 5 per hour in this test, whatever the addresses.
    expect((await sendResult(server.url, 'other1@example.com')).status).toBe(201);
    expect((await sendResult(server.url, 'other2@example.com')).status).toBe(201);
    const overBudget = await sendResult(server.url, 'other3@example.com');
    expect(overBudget.status).toBe(429);
    expect(await overBudget.json()).toMatchObject({ error: 'email_site_budget' });
    await expect.poll(() => toVisitors().length).toBe(5);

    // Kept in the database: a restart gives no fresh budget.
    await server.stop();
    server = await startServer(servers.port(0), env);
    expect((await sendResult(server.url, 'other4@example.com')).status).toBe(429);
    expect((await sendResult(server.url, 'victim@example.com')).status).toBe(429);

    // The visitor is told why, in the page's language.
    await page.goto(`${server.url}/de/visa-finder?nationality=France&duration=Plus+de+5+ans&work_status=Retrait%C3%A9`);
    await page.locator('#visa-email').fill('victim@example.com');
    await page.locator('#visa-email-consent').check();
    await page.locator('#visa-email-title').locator('..').getByRole('button').click();
    await expect(page.getByText('Diese Adresse hat heute bereits die höchste erlaubte Zahl an Ergebnissen erhalten.')).toBeVisible();
    expect(toVisitors()).toHaveLength(5);
  } finally {
    await server.stop();
    await smtp.close();
  }
});
