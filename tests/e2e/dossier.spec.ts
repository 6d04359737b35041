import sharp from 'sharp';
import { Readable } from 'node:stream';
import { cleanerFor } from '@/lib/files/strip';
import { FULL_CHROMIUM } from '../../playwright.config';
import { parseMail } from '../support/mime';
import { onePagePdf } from '../support/one-page-pdf';
import { readZip } from '../support/zip-reader';
import { openConsole } from './console-login';
import { expect, test } from './fixtures';
import { OPERATOR_ENV } from './servers';
import { startServer, tempDataDir } from './server-process';

// One dossier end to end on each database (the worker's SMTP listener gets the client's mails): on
// the embedded one, a server of the test's own; on PostgreSQL, the worker's pair, the operator on one
// instance and the client on the other. The operator opens it from a Premium Visa result, the client
// (German, on a phone) uploads a passport photo and a PDF, one is set aside and one refused and sent
// again, both are validated and archived.

/** `DOSSIER_SCREENSHOTS=<folder>`: full-page pictures of the client's page and the operator's view, for a closing note. */
const SHOTS = process.env.DOSSIER_SCREENSHOTS;
const shoot = async (target: import('@playwright/test').Page, name: string) => {
  if (SHOTS) await target.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** A day `years` from now (the dossier raises no date warning that other tests' digests would show). */
const yearsAhead = (years: number) => new Date(Date.now() + years * 365.25 * 86_400_000).toISOString().slice(0, 10);

// The full browser: the headless shell has no PDF viewer, and the operator's preview is checked in it.
test.use({ launchOptions: FULL_CHROMIUM });

/**
 * The tab shows the PDF in the browser's own viewer: Chromium's viewer is an extension frame inside
 * the tab, whose page selector reads how many pages it opened (0, with an error dialog, for a file
 * it could not read; no frame at all where the viewer is blocked, as in a sandboxed iframe).
 */
async function expectPdfShown(tab: import('@playwright/test').Page, pages: number) {
  const viewerFrame = () => tab.frames().find((frame) => frame.url().startsWith('chrome-extension://'));
  await expect.poll(() => Boolean(viewerFrame()), { message: 'the PDF viewer opens in the tab' }).toBe(true);
  await expect(viewerFrame()!.locator('viewer-page-selector input')).toHaveValue(String(pages));
  await expect(viewerFrame()!.locator('viewer-error-dialog')).toHaveCount(0);
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

const pdf = (note: string) => Buffer.from(`%PDF-1.4\n% ${note}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

async function passportPhoto() {
  return sharp({ create: { width: 120, height: 90, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '20/1 9/1 36/1' } })
    .toBuffer();
}

async function stripped(bytes: Buffer) {
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from([bytes]).pipe(cleanerFor('jpeg'))) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

for (const database of ['embedded', 'postgres'] as const) {
  test(`a dossier from a visa result to the archive, the client in German on a phone (${database})`, async ({ page, browser, servers }) => {
    test.setTimeout(150_000);
    const smtp = await servers.smtp();
    const own =
      database === 'embedded'
        ? await startServer(servers.port(0), { DATA_DIR: tempDataDir(), ...OPERATOR_ENV, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` })
        : null;
    try {
      // On PostgreSQL the operator is on one instance and the client on the other: both see the same stored files.
      const { a: server, b: other } = own ? { a: own, b: own } : await servers.postgres();
      const client = `dossier.${Date.now().toString(36)}@example.com`;
      const mailsTo = () => smtp.mails.filter((mail) => mail.rcptTo.includes(client)).map((mail) => parseMail(mail.raw));

      // The client's Premium Visa result, e-mailed to them in German: a lead on their person.
      const sent = await page.request.post(`${server.url}/api/visa-check/email`, {
        headers: { 'x-forwarded-for': `10.71.${Math.floor(Math.random() * 250)}.7` },
        data: {
          nationality: 'Allemagne',
          duration: '6-12 mois',
          work_status: 'Oui',
          work_context: 'remote_foreign',
          locale: 'de',
          email: client,
          consent: true,
        },
      });
      expect(sent.status()).toBeLessThan(300);

      await openConsole(page, server.url);
      await page.goto(`${server.url}/admin/people/email:${client}`);
      await page.getByRole('button', { name: 'Ouvrir un dossier' }).click();
      const form = page.getByRole('form', { name: 'Ouvrir un dossier de demande' });
      await expect(form).toContainText('Proposé d’après son résultat visa : Premium Visa');
      await expect(form.getByLabel('Langue du client')).toHaveValue('de');
      await form.getByLabel('Date visée').fill(yearsAhead(1));
      await form.getByRole('button', { name: 'Ouvrir le dossier' }).click();
      await expect(page).toHaveURL(/\/admin\/dossiers\/\d+$/);
      const dossierUrl = page.url();
      await expect(page.getByRole('heading', { name: 'Dossier Premium Visa' })).toBeVisible();

      // The link arrives at the SMTP listener, in German.
      await expect.poll(() => mailsTo().find((mail) => mail.text.includes('/de/dossier/open#'))?.text ?? '').toContain('Guten Tag');
      const linkMail = mailsTo().find((mail) => mail.text.includes('/de/dossier/open#'))!;
      const link = /\/de\/dossier\/open#[A-Za-z0-9_-]{43}/.exec(linkMail.text)![0];

      const phone = await browser.newContext({ ...PHONE, locale: 'de-DE' });
      const clientPage = await phone.newPage();
      await clientPage.goto(`${other.url}${link}`);
      await clientPage.getByRole('button', { name: 'Meine Unterlagen öffnen' }).tap();
      await expect(clientPage).toHaveURL(/\/de\/dossier$/);
      await expect(clientPage.getByRole('heading', { level: 1 })).toHaveText('Ihre Unterlagen: Premium Visa');
      const items = clientPage.getByTestId('client-item');
      const passport = items.nth(0);
      const insurance = items.filter({ hasText: /Krankenversicherung/ }).first();
      const photo = await passportPhoto();
      await passport.getByTestId(/^camera-/).setInputFiles({ name: 'IMG_2041.JPG', mimeType: 'image/jpeg', buffer: photo });
      await expect(passport).toContainText('IMG_2041.JPG erhalten, danke.');
      await insurance.getByTestId(/^files-/).setInputFiles({ name: 'versicherung.pdf', mimeType: 'application/pdf', buffer: pdf('erste Fassung') });
      await expect(insurance).toContainText('versicherung.pdf erhalten, danke.');
      await expect(insurance.getByTestId('item-state')).toHaveText('Erhalten');

      // The operator refuses the PDF with a reason of the list.
      await page.goto(dossierUrl);
      const operatorInsurance = page
        .getByTestId('dossier-item')
        .filter({ hasText: /Assurance/ })
        .first();
      await operatorInsurance.getByRole('button', { name: 'Refuser' }).click();
      await operatorInsurance
        .getByRole('form', { name: /^Refuser/ })
        .getByLabel('Motif du refus')
        .selectOption('unreadable');
      await operatorInsurance
        .getByRole('form', { name: /^Refuser/ })
        .getByRole('button', { name: 'Refuser' })
        .click();
      await expect(operatorInsurance).toContainText('Refusé');
      await expect(operatorInsurance.getByRole('form', { name: /^Refuser/ })).toHaveCount(0);
      await shoot(page, 'operator-refused');

      // The client reads why, in German (page and mail), and sends the PDF again.
      await expect.poll(() => mailsTo().some((mail) => mail.text.includes('nicht lesbar'))).toBe(true);
      await clientPage.reload();
      await shoot(clientPage, 'client-refused-de');
      await expect(insurance.getByTestId('item-reason')).toHaveText('Abgelehnt: das Dokument ist nicht lesbar (unscharf, abgeschnitten oder zu dunkel).');
      const second = onePagePdf('Versicherung, zweite Fassung');
      await insurance.getByTestId(/^files-/).setInputFiles({ name: 'versicherung-neu.pdf', mimeType: 'application/pdf', buffer: second });
      await expect(insurance).toContainText('versicherung-neu.pdf erhalten, danke.');

      // The operator previews the new PDF: served sandboxed (no script, no same-origin rights), in a
      // tab of its own, where the browser's viewer shows its page.
      await page.goto(dossierUrl);
      const previewLink = page.getByRole('link', { name: 'Aperçu de versicherung-neu.pdf', exact: true });
      const href = (await previewLink.getAttribute('href'))!;
      const [preview, previewed] = await Promise.all([
        page.context().waitForEvent('page'),
        page.context().waitForEvent('response', (response) => response.url().endsWith(href)),
        previewLink.click(),
      ]);
      expect(previewed.status()).toBe(200);
      const headers = await previewed.allHeaders();
      expect(headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
      expect(headers['content-disposition']).toMatch(/^inline;/);
      await expectPdfShown(preview, 1);
      await preview.close();

      // The operator sets the passport aside to check it; the client reads so in German.
      const operatorPassport = page.getByTestId('dossier-item').first();
      await expect(operatorPassport.getByRole('img')).toBeVisible();
      await operatorPassport.getByRole('button', { name: 'À vérifier' }).click();
      await expect(operatorPassport.getByTestId('item-state')).toHaveText('À vérifier');
      await expect(operatorPassport.getByRole('button', { name: 'À vérifier' })).toBeDisabled();
      await clientPage.reload();
      await expect(passport.getByTestId('item-state')).toHaveText('Wird geprüft');

      // The operator validates both (the passport with its expiry date) and downloads the archive.
      await operatorPassport.getByLabel('Expire le').fill(yearsAhead(6));
      await operatorPassport.getByRole('button', { name: 'Valider' }).click();
      await expect(operatorPassport).toContainText('Validé');
      const insuranceAgain = page
        .getByTestId('dossier-item')
        .filter({ hasText: /Assurance/ })
        .first();
      await insuranceAgain.getByRole('button', { name: 'Valider' }).click();
      await expect(insuranceAgain).toContainText('Validé');
      await shoot(page, 'operator-validated');
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Télécharger les documents validés (zip)' }).click();
      const zip = await (await download).createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of zip) chunks.push(chunk as Buffer);
      const entries = readZip(Buffer.concat(chunks));
      expect(entries.map((entry) => entry.name)).toEqual([expect.stringMatching(/^01-.*-1\.jpg$/), expect.stringMatching(/^\d\d-.*-1\.pdf$/)]);
      const jpeg = entries.find((entry) => entry.name.endsWith('.jpg'))!.bytes;
      expect(jpeg.equals(await stripped(photo))).toBe(true);
      expect((await sharp(jpeg).metadata()).exif).toBeUndefined();
      expect(jpeg.includes(Buffer.from('PhoneMaker'))).toBe(false);
      expect(entries[1]!.bytes.equals(second)).toBe(true);

      await clientPage.reload();
      await shoot(clientPage, 'client-complete-de');
      // A document is never served without an operator session.
      const fileLink = await operatorPassport.getByRole('link', { name: /Télécharger/ }).getAttribute('href');
      const anonymous = await fetch(`${server.url}${fileLink}`);
      expect(anonymous.status).toBe(401);
      await phone.close();
    } finally {
      await own?.stop();
    }
  });
}
