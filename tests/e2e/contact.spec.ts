import { startSmtpPeer } from '../support/peers';
import { axeViolations, expect, test } from './fixtures';
import { startServer, tempDataDir } from './server-process';

const FORMS = {
  fr: { name: 'Nom complet', email: 'E-mail', message: 'Message', consent: /J'accepte/, send: 'Envoyer le message', success: 'Message envoyé', again: 'Envoyer un autre message' },
  en: { name: 'Full name', email: 'Email', message: 'Message', consent: /I agree/, send: 'Send message', success: 'Message sent', again: 'Send another message' },
} as const;

test.describe('contact form', () => {
  for (const [locale, form] of Object.entries(FORMS)) {
    test(`sends a lead in ${locale} and confirms it`, async ({ page }) => {
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
      await page.waitForTimeout(7000);
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

  test('a lead notifies the operator on a real SMTP listener', async () => {
    test.setTimeout(90_000);
    const smtp = await startSmtpPeer();
    const server = await startServer(3821, {
      DATA_DIR: tempDataDir(),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NOTIFY_EMAIL_TO: 'demandes@example.test',
    });
    try {
      const response = await fetch(`${server.url}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Sofia Rossi', email: 'sofia@example.com', message: 'Vorrei creare una società.', consent: true, locale: 'it' }),
      });
      expect(response.status).toBe(201);
      for (let i = 0; i < 100 && smtp.mails.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]!.rcptTo).toEqual(['demandes@example.test']);
      expect(smtp.mails[0]!.raw).toContain('sofia@example.com');
    } finally {
      await server.stop();
      await smtp.close();
    }
  });
});
