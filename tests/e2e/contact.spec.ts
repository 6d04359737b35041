import { axeViolations, expect, test } from './fixtures';
import { clientAddress } from './console-visitor';
import { AGENCY_INBOX } from './servers';

const FORMS = {
  fr: {
    name: 'Nom complet',
    email: 'E-mail',
    message: 'Message',
    consent: /J'accepte/,
    send: 'Envoyer le message',
    success: 'Message envoyé',
    again: 'Envoyer un autre message',
  },
  en: {
    name: 'Full name',
    email: 'Email',
    message: 'Message',
    consent: /I agree/,
    send: 'Send message',
    success: 'Message sent',
    again: 'Send another message',
  },
} as const;

test.describe('contact form', () => {
  // Each test is a client of its own (the proxy's X-Forwarded-For): the suite's server allows 5 leads
  // per client in 10 minutes, which three browser tests, run twice (--repeat-each 2), went past.
  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
  });

  for (const [locale, form] of Object.entries(FORMS)) {
    test(`sends a lead in ${locale} and confirms it`, async ({ page }) => {
      // The page's clock is the test's: six seconds pass without waiting for them.
      await page.clock.install();
      await page.goto(`/${locale}/contact`);
      await page.getByLabel(form.name, { exact: true }).fill('Julien Dupont');
      await page.getByLabel(form.email, { exact: true }).fill(`julien.${locale}@example.com`);
      await page.getByLabel(form.message, { exact: true }).fill('Nous préparons notre installation à Maurice en 2027.');
      await page.getByLabel(form.consent).check();
      await page.getByRole('button', { name: form.send }).click();
      const sent = page.getByRole('status').filter({ hasText: form.success });
      await expect(sent).toBeVisible();
      await expect(sent).toBeFocused();
      // A lasting confirmation, not a toast that fades after six seconds.
      await page.clock.runFor(7000);
      await expect(sent).toBeVisible();
      await sent.getByRole('button', { name: form.again }).click();
      await expect(page.getByLabel(form.name, { exact: true })).toHaveValue('');
    });
  }

  test('shows the errors next to the fields and sends nothing', async ({ page }) => {
    let posted = false;
    page.on('request', (request) => (posted ||= request.url().endsWith('/api/leads')));
    await page.goto('/en/contact');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('This field is required.').first()).toBeVisible();
    await expect(page.getByText('Invalid email address.')).toBeVisible();
    await expect(page.getByText('We need your agreement to be able to reply.')).toBeVisible();
    await expect(page.getByLabel('Full name', { exact: true })).toBeFocused();
    expect(posted).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('keeps the text and shows a toast when sending fails', async ({ page }) => {
    await page.route('/api/leads', (route) => route.abort());
    await page.goto('/fr/contact');
    await page.getByLabel('Nom complet', { exact: true }).fill('Julien Dupont');
    await page.getByLabel('E-mail', { exact: true }).fill('julien@example.com');
    await page.getByLabel('Message', { exact: true }).fill('Un message qui ne doit pas se perdre.');
    await page.getByLabel(/J'accepte/).check();
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Erreur' })).toContainText("Impossible d'envoyer votre message");
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Un message qui ne doit pas se perdre.');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('posts the form and lands on the translated thank-you page', async ({ page }) => {
      await page.goto('/de/contact');
      await page.getByLabel(/^Vollständiger Name|^Name/).fill('Markus Weber');
      await page.getByLabel(/^E-Mail/).fill('markus@example.com');
      await page.getByLabel(/^Nachricht/).fill('Wir möchten nach Mauritius ziehen.');
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: /senden/i }).click();
      await expect(page).toHaveURL(/\/de\/contact\/thanks$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nachricht gesendet');
    });
  });

  test('a lead notifies the operator on a real SMTP listener', async ({ servers }) => {
    test.setTimeout(90_000);
    // An instance of the worker's PostgreSQL pair, which notifies AGENCY_INBOX on the worker's listener.
    const { a: server } = await servers.postgres();
    const smtp = await servers.smtp();
    const email = `sofia.${Date.now().toString(36)}@example.com`;
    const response = await fetch(`${server.url}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.1` },
      body: JSON.stringify({ name: 'Sofia Rossi', email, message: 'Vorrei creare una società.', consent: true, locale: 'it' }),
    });
    expect(response.status).toBe(201);
    const about = () => smtp.mails.filter((mail) => mail.raw.includes(email));
    await expect.poll(() => about().length).toBe(1);
    expect(about()[0]!.rcptTo).toEqual([AGENCY_INBOX]);
  });
});
