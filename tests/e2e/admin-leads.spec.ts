import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';
import { openConsole } from './console-login';
import { clientAddress } from './console-visitor';

const PAYLOAD = '<img src=x onerror=alert(1)><script>alert(2)</script>';

const unique = () => randomBytes(4).toString('hex');

type Visitor = { id: string; token: string; headers: Record<string, string> };
type LeadFields = { name?: string; email?: string; phone?: string; message?: string; chatSession?: { id: string; token: string } };

async function submitLead(request: APIRequestContext, fields: LeadFields = {}) {
  const tag = unique();
  const lead = {
    name: `Claire Martin ${tag}`,
    email: `claire.${tag}@example.com`,
    message: 'Nous voulons nous installer à Maurice en 2027.',
    consent: true,
    locale: 'fr',
    ...fields,
  };
  const response = await request.post('/api/leads', { data: lead, headers: { 'x-forwarded-for': clientAddress() } });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  return { ...lead, id };
}

async function createVisitor(request: APIRequestContext, content: string): Promise<Visitor> {
  const headers = { 'x-forwarded-for': clientAddress() };
  const created = await request.post('/api/chat/sessions', { data: { locale: 'fr', startPage: '/fr/contact' }, headers });
  expect(created.status()).toBe(201);
  const { id, token } = (await created.json()) as { id: string; token: string };
  const visitor = { id, token, headers: { ...headers, authorization: `Bearer ${token}` } };
  const said = await request.post(`/api/chat/sessions/${id}/messages`, { data: { content }, headers: visitor.headers });
  expect(said.status()).toBe(201);
  return visitor;
}

const logIn = (page: Page) => openConsole(page);

const leadsTab = (page: Page) => page.getByRole('link', { name: /^Demandes/ });
const leadButton = (page: Page, id: number) => page.locator(`a[data-lead-id="${id}"]`);
const badge = (page: Page) => leadsTab(page).getByTestId('unhandled-badge');

async function openLeads(page: Page) {
  await leadsTab(page).click();
  await expect(leadsTab(page)).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Demandes reçues' })).toBeVisible();
}

async function closeToasts(page: Page) {
  for (const button of await page.getByRole('button', { name: 'Fermer' }).all()) await button.click();
}

test.describe('operator console: leads', () => {
  test('refuses the lead and privacy endpoints without a session', async ({ request }) => {
    const calls = [
      ['GET', '/api/admin/leads'],
      ['GET', '/api/admin/leads/1'],
      ['PATCH', '/api/admin/leads/1'],
      ['GET', '/api/admin/privacy?email=claire%40example.com'],
      ['DELETE', '/api/admin/privacy?email=claire%40example.com'],
    ] as const;
    for (const headers of [{}, { cookie: 'operator_session=forged' }] as Record<string, string>[]) {
      for (const [method, path] of calls) {
        const response = await request.fetch(path, { method, headers, data: method === 'PATCH' ? { handled: true } : undefined });
        expect(response.status(), `${method} ${path}`).toBe(401);
        expect(await response.json()).toMatchObject({ error: 'unauthorized' });
      }
    }
  });

  test('shows a new lead with the unhandled badge; marking it handled lowers the count', async ({ page, request }) => {
    await logIn(page);
    const lead = await submitLead(request, { phone: '+230 5 123 4567' });
    await openLeads(page);
    const item = leadButton(page, lead.id);
    await expect(item).toContainText(lead.name);
    await expect(item).toContainText(lead.email);
    await expect(item).toContainText('Formulaire de contact');
    await expect(item).toContainText('À traiter');
    await expect(item.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await expect(badge(page)).toHaveText(/^\d+ à traiter$/);

    await item.click();
    await expect(page.getByRole('heading', { level: 2, name: lead.name })).toBeVisible();
    await expect(page.getByRole('link', { name: lead.email })).toHaveAttribute('href', `mailto:${lead.email}`);
    await expect(page.getByRole('link', { name: '+230 5 123 4567' })).toHaveAttribute('href', 'tel:+23051234567');
    await expect(page.getByTestId('lead-message')).toHaveText(lead.message);

    const before = ((await (await page.request.get('/api/admin/leads')).json()) as { unhandled: number }).unhandled;
    const patched = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Marquer comme traitée' }).click();
    const { unhandled } = (await (await patched).json()) as { unhandled: number };
    expect(unhandled).toBe(before - 1);
    if (unhandled > 0) await expect(badge(page)).toHaveText(`${unhandled} à traiter`);
    else await expect(badge(page)).toHaveCount(0);
    await expect(item).toContainText('Traitée');
    await expect(page.getByRole('status').filter({ hasText: 'Demande marquée comme traitée.' })).toBeVisible();

    // The badge shows the count the server answered (other tests may add leads meanwhile).
    const reopened = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Marquer comme à traiter' }).click();
    const after = ((await (await reopened).json()) as { unhandled: number }).unhandled;
    expect(after).toBeGreaterThanOrEqual(unhandled + 1);
    await expect(item).toContainText('À traiter');
    await expect(badge(page)).toHaveText(`${after} à traiter`);
  });

  test('shows new leads without a reload, by reading the list every 30 s', async ({ page, request }) => {
    let reads = 0;
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/admin/leads') reads += 1;
    });
    await page.clock.install();
    await logIn(page);
    await openLeads(page);
    // Once for the badge, once on opening the view: then nothing until the next poll.
    await expect.poll(() => reads).toBe(2);
    const lead = await submitLead(request);
    await expect(leadButton(page, lead.id)).toHaveCount(0);
    await page.clock.fastForward(31_000);
    await expect(leadButton(page, lead.id)).toContainText(lead.name);
    expect(reads).toBe(3);
  });

  test("links a lead to the visitor's conversation and opens it", async ({ page, request }) => {
    const visitor = await createVisitor(request, 'Bonjour, je vous écris aussi par le formulaire.');
    const lead = await submitLead(request, { chatSession: { id: visitor.id, token: visitor.token } });
    await logIn(page);
    await openLeads(page);
    await leadButton(page, lead.id).click();
    await page.getByRole('button', { name: /^Ouvrir la conversation / }).click();
    await expect(page.getByRole('link', { name: 'Conversations', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('log', { name: 'Messages de la session' })).toContainText('Bonjour, je vous écris aussi par le formulaire.');
    await expect(page.locator(`a[data-session-id="${visitor.id}"]`)).toBeFocused();
  });

  test('exports everything about an address as JSON, then erases it', async ({ page, request }) => {
    const visitor = await createVisitor(request, 'Message à effacer');
    const lead = await submitLead(request, { chatSession: { id: visitor.id, token: visitor.token } });
    await logIn(page);
    await openLeads(page);
    await leadButton(page, lead.id).click();
    await page.getByRole('button', { name: 'Gérer les données de cette adresse' }).click();
    const input = page.getByLabel('Adresse e-mail de la personne');
    await expect(input).toHaveValue(lead.email);
    await expect(input).toBeFocused();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter (JSON)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`donnees-${lead.email}.json`);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(exported.leads).toEqual([expect.objectContaining({ id: lead.id, email: lead.email, message: lead.message })]);
    expect(exported.conversations[0].messages[0]).toMatchObject({ sender: 'visitor', content: 'Message à effacer' });
    await expect(page.getByRole('status').filter({ hasText: 'Export téléchargé' })).toBeVisible();

    await page.getByRole('button', { name: 'Effacer toutes les données' }).click();
    const confirm = page.getByRole('group', { name: /Effacer définitivement toutes les données/ });
    await expect(confirm).toContainText(lead.email);
    await expect(confirm.getByRole('button', { name: 'Annuler' })).toBeFocused();
    await confirm.getByRole('button', { name: "Confirmer l'effacement" }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Données effacées' })).toContainText('Demandes effacées : 1. Conversations effacées : 1.');
    await expect(leadButton(page, lead.id)).toHaveCount(0);
    await expect(page.getByText('Sélectionnez une demande pour la consulter')).toBeVisible();

    const after = (await (await page.request.get(`/api/admin/privacy?email=${encodeURIComponent(lead.email)}`)).json()) as {
      leads: unknown[];
      conversations: unknown[];
    };
    expect(after).toMatchObject({ leads: [], conversations: [] });
    await page.getByRole('link', { name: 'Conversations', exact: true }).click();
    await expect(page.locator(`a[data-session-id="${visitor.id}"]`)).toHaveCount(0);
  });

  test("shows a visa lead's answers and recommendation", async ({ page, request }) => {
    const email = `visa.${unique()}@example.com`;
    const answers = { nationality: 'Canada', duration: '1-2 ans', work_status: 'Oui', work_context: 'remote_foreign', family: 'Oui' };
    const sent = await request.post('/api/visa-check/email', {
      data: { ...answers, email, consent: true, locale: 'fr' },
      headers: { 'x-forwarded-for': clientAddress() },
    });
    expect(sent.status()).toBe(201);
    await logIn(page);
    await openLeads(page);
    const item = page.locator('a[data-lead-id]').filter({ hasText: email });
    await expect(item).toContainText('Simulateur de visa');
    await item.click();
    const visa = page.getByRole('region', { name: 'Réponses au simulateur de visa' });
    const answer = (label: string) =>
      visa
        .locator('div')
        .filter({ has: page.locator('dt', { hasText: label }) })
        .locator('dd');
    await expect(answer('Nationalité')).toHaveText('Canada');
    await expect(answer('Durée du séjour')).toHaveText('1-2 ans');
    await expect(answer('Cadre du travail')).toHaveText(/^À distance/);
    await expect(answer('Recommandation')).not.toBeEmpty();
    await expect(visa).not.toContainText('remote_foreign');
  });

  test('shows an HTML and script payload in a lead as text', async ({ page, request }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const lead = await submitLead(request, { name: `<b>Gras</b> ${unique()}`, message: PAYLOAD });
    await logIn(page);
    await openLeads(page);
    await expect(leadButton(page, lead.id)).toContainText(lead.name);
    await leadButton(page, lead.id).click();
    await expect(page.getByRole('heading', { level: 2, name: lead.name })).toBeVisible();
    await expect(page.getByTestId('lead-message')).toHaveText(PAYLOAD);
    expect(await page.locator('main img, main script, main b').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  test('works with the keyboard and has no accessibility violations', async ({ page, request }) => {
    const lead = await submitLead(request, { phone: '+33 6 12 34 56 78' });
    await logIn(page);
    await closeToasts(page);
    await page.getByRole('link', { name: 'Conversations', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(leadsTab(page)).toBeFocused();
    await expect(leadsTab(page)).toHaveAttribute('aria-current', 'page');
    await expect(leadButton(page, lead.id)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await leadButton(page, lead.id).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: lead.name })).toBeVisible();
    await page.getByRole('button', { name: 'Marquer comme traitée' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Marquer comme à traiter' })).toBeVisible();
    await closeToasts(page);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Adresse e-mail de la personne').focus();
    await page.keyboard.type(lead.email);
    await page.getByRole('button', { name: 'Effacer toutes les données' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Annuler' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Effacer toutes les données' })).toBeFocused();
    await expect(leadButton(page, lead.id)).toBeVisible();
  });
});
