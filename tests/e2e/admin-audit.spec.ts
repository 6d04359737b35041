import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E_OPERATOR } from '../../playwright.config';
import { parseMail } from '../support/mime';
import { startSmtpPeer } from '../support/peers';
import { openConsole } from './console-login';
import { clientAddress } from './console-visitor';
import { axeViolations, expect, test } from './fixtures';
import { startServer, tempDataDir } from './server-process';

// The journal (lib/audit): each console action leaves one entry, by id, that erasure does not
// touch; the page filters, pages and exports it. Entries are found by this test's own ids and
// client address (the browser sends its own X-Forwarded-For): other tests write to the same journal.

const tag = () => randomBytes(4).toString('hex');

async function sendContactForm(request: APIRequestContext, { name, email }: { name: string; email: string }): Promise<number> {
  const lead = await request.post('/api/leads', {
    data: { name, email, message: 'Nous cherchons une école à Curepipe.', consent: true, locale: 'fr' },
    headers: { 'x-forwarded-for': clientAddress() },
  });
  expect(lead.status()).toBe(201);
  return ((await lead.json()) as { id: number }).id;
}

/** A person's id: the console sends a legacy key (`email:<address>`) on to the person's own address. */
async function personKey(page: Page, legacyKey: string): Promise<string> {
  await page.goto(`/admin/people/${encodeURIComponent(legacyKey)}`);
  await expect(page).toHaveURL(/\/admin\/people\/\d+$/);
  return /\/admin\/people\/(\d+)/.exec(page.url())![1]!;
}

const rows = (page: Page) => page.getByTestId('audit-entry');
const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Filters the journal by keyboard: the target typed, Enter submits the plain GET form. */
async function filterJournal(page: Page, { target = '', action = '' }: { target?: string; action?: string }) {
  await page.getByLabel('Action', { exact: true }).selectOption(action);
  const field = page.getByLabel('Cible', { exact: true });
  await field.fill(target);
  const loaded = page.waitForEvent('load');
  await field.press('Enter');
  await loaded;
  await expect(page).toHaveURL(new RegExp(`/admin/audit\\?action=${action}&`));
  await expect(field).toHaveValue(target);
}

const actionsOf = async (list: Locator) => (await list.evaluateAll((items) => items.map((item) => item.getAttribute('data-action')))).sort();

test.describe('the console journal', () => {
  test('records each action once by id, filters, exports its CSV, and keeps the entries through an erasure', async ({ page, request }) => {
    test.setTimeout(180_000);
    const id = tag();
    const email = `audit.${id}@example.com`;
    const otherEmail = `audit.autre.${id}@example.com`;
    const leadId = await sendContactForm(request, { name: `Audrey Audit ${id}`, email });
    await sendContactForm(request, { name: `Otto Autre ${id}`, email: otherEmail });
    // This browser's own client address: its entries are told apart from other tests' by it.
    const address = clientAddress();
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
    await openConsole(page);
    const other = await personKey(page, `email:${otherEmail}`);
    const key = await personKey(page, `email:${email}`);

    // A stage, a correction, a merge and its undoing, on the person's page.
    await page.locator('#person-stage').selectOption('qualified');
    await page.getByRole('button', { name: "Changer d'étape" }).click();
    await expect(page.getByTestId('timeline')).toContainText('Qualifié');
    const rectify = page.getByRole('form', { name: 'Corriger les coordonnées' });
    await rectify.getByLabel('Téléphone').fill('+230 5 765 4321');
    await rectify.getByRole('button', { name: 'Enregistrer la correction' }).click();
    await expect(status(page, 'Coordonnées corrigées.')).toBeVisible();
    const merge = page.getByLabel('Fusionner avec cette fiche');
    await merge.focus();
    await merge.selectOption({ value: other });
    await page.getByRole('button', { name: 'Fusionner', exact: true }).click();
    await page.getByRole('button', { name: 'Annuler la fusion' }).click();
    await expect(page.getByRole('button', { name: 'Annuler la fusion' })).toHaveCount(0);

    // A canned reply saved, then deleted.
    await page.getByRole('link', { name: 'Réponses types', exact: true }).click();
    const shortcut = `audit-${id}`;
    await page.getByLabel('Raccourci').fill(shortcut);
    await page.getByLabel('Français (obligatoire)').fill('Bonjour');
    await page.getByRole('button', { name: 'Créer la réponse' }).click();
    await expect(status(page, `Réponse type /${shortcut} créée.`)).toBeVisible();
    const replies = (await (await page.request.get('/api/admin/canned-replies')).json()).replies as { id: number; shortcut: string }[];
    const replyId = replies.find((reply) => reply.shortcut === shortcut)!.id;
    await page.getByRole('button', { name: `Supprimer /${shortcut}` }).click();
    await page.getByRole('button', { name: 'Confirmer la suppression' }).click();
    await expect(status(page, `Réponse type /${shortcut} supprimée.`)).toBeVisible();

    // The people CSV, then the person's data exported and erased.
    // The list's link, called with this test's address (a download leaves without the page's extra headers).
    await page.goto('/admin/people?view=all');
    const csvLink = await page.getByRole('link', { name: 'Exporter cette liste (CSV)' }).getAttribute('href');
    expect((await page.request.get(csvLink!, { headers: { 'x-forwarded-for': address } })).status()).toBe(200);
    await page.goto(`/admin/requests/${leadId}`);
    await page.getByRole('button', { name: 'Gérer les données de cette adresse' }).click();
    const json = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter (JSON)' }).click();
    await (await json).path();
    await expect(status(page, 'Export téléchargé')).toBeVisible();
    await page.getByRole('button', { name: 'Effacer toutes les données' }).click();
    await page.getByRole('button', { name: "Confirmer l'effacement" }).click();
    await expect(status(page, 'Données effacées')).toContainText('Demandes effacées : 1.');

    // The journal: one entry for each, by the person's id, still there after the erasure.
    await page.getByRole('link', { name: 'Journal', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Journal', exact: true })).toBeVisible();
    await filterJournal(page, { target: `person:${key}` });
    expect(await actionsOf(rows(page))).toEqual(['person_corrected', 'person_data_exported', 'person_erased', 'stage_changed']);
    await expect(page.getByTestId('audit-count')).toHaveText('4 entrées');
    await expect(rows(page).first()).toContainText('Effacement des données d’une personne');
    await expect(rows(page).first()).toContainText(E2E_OPERATOR.email);
    await expect(rows(page).first()).toContainText(address);
    expect(await axeViolations(page)).toEqual([]);
    await filterJournal(page, { target: `person:${other}` });
    expect(await actionsOf(rows(page))).toEqual(['records_merged', 'records_unmerged']);
    await expect(rows(page).filter({ hasText: 'Fiches fusionnées' })).toContainText(`into=${key}`);
    await filterJournal(page, { target: `canned:${replyId}`, action: 'canned_reply_deleted' });
    expect(await actionsOf(rows(page))).toEqual(['canned_reply_deleted']);
    await filterJournal(page, { target: `canned:${replyId}` });
    expect(await actionsOf(rows(page))).toEqual(['canned_reply_deleted', 'canned_reply_saved']);
    await filterJournal(page, { action: 'people_csv_exported' });
    await expect(rows(page).filter({ hasText: address })).toHaveCount(1);
    await expect(rows(page).filter({ hasText: address })).toContainText('view=all');
    // No client's name or address anywhere in the journal's pages.
    await filterJournal(page, { target: `person:${key}` });
    await expect(page.locator('main')).not.toContainText(email);
    await expect(page.locator('main')).not.toContainText('Audrey');

    // Its CSV: what the filters select, in Mauritius time; the export is itself recorded.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Exporter en CSV' }).click();
    const file = await readFile(await (await download).path(), 'utf8');
    const lines = file.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Date (heure de Maurice),Action,Opérateur,Adresse,Session,Cible,Détail');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},Effacement des données d’une personne,${E2E_OPERATOR.email},${address},[0-9a-f]{16},person:${key},`),
    );
    expect(file).not.toContain(email);
    await filterJournal(page, { action: 'audit_exported' });
    // (A download leaves without the page's extra headers: the entry is this test's by its filter.)
    await expect(rows(page).filter({ has: page.getByRole('cell', { name: `rows=4; target=person:${key}`, exact: true }) })).toHaveCount(1);
    await filterJournal(page, { action: 'audit_viewed' });
    await expect(rows(page).filter({ hasText: address }).first()).toBeVisible();

    // On a phone: the filters and the entries fit, the table scrolls inside its own region.
    await page.setViewportSize({ width: 390, height: 844 });
    await filterJournal(page, { target: `person:${key}` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Within the screen's width (the grace-period notice above the views may push it below the fold).
    const filter = await page.getByRole('button', { name: 'Filtrer', exact: true }).boundingBox();
    expect(filter!.x + filter!.width).toBeLessThanOrEqual(390);
    await expect(rows(page)).toHaveCount(4);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('mails every export of people or of a person’s data to the other operators, never to the one who exported', async ({ page, servers }) => {
    test.setTimeout(180_000);
    const smtp = await startSmtpPeer();
    const colleague = `collegue.${tag()}@example.test`;
    const dataDir = tempDataDir();
    // Two operators, created while no server holds the data folder.
    for (const operator of [E2E_OPERATOR, { email: colleague, password: 'un-mot-de-passe-de-collegue' }]) {
      execFileSync('npx', ['tsx', '--conditions=react-server', 'lib/cli/operator-add.ts', '--email', operator.email], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        input: `${operator.password}\n`,
        stdio: ['pipe', 'ignore', 'pipe'],
      });
    }
    const server = await startServer(servers.port(0), {
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NOTIFY_EMAIL_FROM: 'site@example.test',
    });
    try {
      const email = `export.${tag()}@example.com`;
      const created = await fetch(`${server.url}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
        body: JSON.stringify({ name: 'Nina Confidentielle', email, message: 'Un message privé', consent: true, locale: 'fr' }),
      });
      expect(created.status).toBe(201);
      await openConsole(page, server.url);
      await page.goto(`${server.url}/admin/people?view=all`);
      const csv = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Exporter cette liste (CSV)' }).click();
      await (await csv).path();
      await expect.poll(() => smtp.mails.length).toBe(1);
      expect((await page.request.get(`${server.url}/api/admin/privacy?email=${encodeURIComponent(email)}`)).status()).toBe(200);
      await expect.poll(() => smtp.mails.length).toBe(2);

      for (const mail of smtp.mails) {
        expect(mail.rcptTo).toEqual([colleague]);
        expect(mail.raw).not.toContain(email);
        expect(mail.raw).not.toContain('Nina');
        expect(mail.raw).not.toContain('Un message privé');
      }
      const [people, person] = smtp.mails.map((mail) => parseMail(mail.raw));
      expect(people!.text).toContain(`${E2E_OPERATOR.email} a exporté la liste des personnes (CSV) depuis la console.`);
      expect(people!.text).toContain('Lignes : 1');
      expect(people!.text).toMatch(/Quand : .* \(heure de Maurice\)/);
      expect(person!.text).toContain(`${E2E_OPERATOR.email} a exporté les données d’une personne depuis la console.`);
      expect(person!.text).toMatch(/Concerne : person:\d+/);
      expect(person!.text).toContain('/admin/audit?action=person_data_exported');
    } finally {
      await server.stop();
      await smtp.close();
    }
  });
});
