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
  test('refuses the privacy export and the requests without a session: the views show the login form, no request', async ({ request }) => {
    const lead = await submitLead(request);
    for (const headers of [{}, { cookie: 'operator_session=forged' }] as Record<string, string>[]) {
      const response = await request.get('/api/admin/privacy?email=claire%40example.com', { headers });
      expect(response.status()).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'unauthorized' });
      for (const path of ['/admin/requests', `/admin/requests/${lead.id}`]) {
        const page = await request.get(path, { headers });
        const html = await page.text();
        expect(html, path).toContain('admin-login-title');
        expect(html, path).not.toContain(lead.email);
        expect(html, path).not.toContain(lead.name);
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
    await expect(page.getByRole('link', { name: lead.email, exact: true })).toHaveAttribute('href', `mailto:${lead.email}`);
    await expect(page.getByRole('link', { name: '+230 5 123 4567' })).toHaveAttribute('href', 'tel:+23051234567');
    await expect(page.getByTestId('lead-message')).toHaveText(lead.message);

    // Other tests on this server add and handle requests meanwhile: the badge's number is not
    // compared, only that the view is rendered again with this request's new state.
    await page.getByRole('button', { name: 'Marquer comme traitée' }).click();
    await expect(item).toContainText('Traitée');
    await expect(page.getByRole('status').filter({ hasText: 'Demande marquée comme traitée.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Marquer comme à traiter' })).toBeVisible();

    await page.getByRole('button', { name: 'Marquer comme à traiter' }).click();
    await expect(item).toContainText('À traiter');
    await expect(badge(page)).toHaveText(/^\d+ à traiter$/);
    await page.reload();
    await expect(leadButton(page, lead.id)).toContainText('À traiter');
  });

  test('shows a new lead without a reload or a poll: the event stream says it arrived', async ({ page, request }) => {
    await page.clock.install();
    await logIn(page);
    await openLeads(page);
    const lead = await submitLead(request);
    // No clock runs forward: no timer could have read the list again.
    await expect(leadButton(page, lead.id)).toContainText(lead.name);
    await expect(page.getByText(/^(Nouvelle demande|\d+ nouvelles demandes)$/)).toBeAttached();
  });

  test("links a lead to the visitor's conversation and opens it", async ({ page, request }) => {
    const visitor = await createVisitor(request, 'Bonjour, je vous écris aussi par le formulaire.');
    const lead = await submitLead(request, { chatSession: { id: visitor.id, token: visitor.token } });
    await logIn(page);
    await openLeads(page);
    await leadButton(page, lead.id).click();
    await page.getByRole('link', { name: /^Ouvrir la conversation / }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/conversations/${visitor.id}$`));
    await expect(page.getByRole('link', { name: 'Conversations', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('log', { name: 'Messages de la session' })).toContainText('Bonjour, je vous écris aussi par le formulaire.');
    await expect(page.locator(`a[data-session-id="${visitor.id}"]`)).toHaveAttribute('aria-current', 'page');
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
    await expect(page).toHaveURL(/\/admin\/requests$/);
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
    await page.keyboard.press('Tab');
    await expect(leadsTab(page)).toBeFocused();
    await page.keyboard.press('Enter');
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
