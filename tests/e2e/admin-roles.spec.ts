import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { E2E_BASE_URL, E2E_OPERATOR } from '../../playwright.config';
import { openConsole } from './console-login';
import { clientAddress } from './console-visitor';
import { axeViolations, expect, test } from './fixtures';

// Roles on the suite's own server (lib/auth/roles.ts): the e2e operator, an admin, adds an agent in
// the "Équipe" view; the agent sets a password through the link and signs in; every act only an
// admin may do is refused to them (403 admin_only, explained by the console, in the journal) and
// allowed to the admin. The agent is this test's own: nothing here counts other tests' rows.

const tag = () => randomBytes(4).toString('hex');
const AGENT_PASSWORD = 'mot-de-passe-agent-e2e';

async function logIn(email: string, password: string): Promise<string> {
  const login = await fetch(`${E2E_BASE_URL}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({ email, password }),
  });
  expect(login.status, await login.clone().text()).toBe(200);
  return login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!)[0]!;
}

/** A GET with the operator's cookie, as a browser on the console's own origin sends it. */
const get = (cookie: string, path: string) => fetch(`${E2E_BASE_URL}${path}`, { headers: { cookie, 'sec-fetch-site': 'same-origin' }, redirect: 'manual' });

async function consoleAs(browser: Browser, cookie: string): Promise<Page> {
  const context = await browser.newContext();
  const separator = cookie.indexOf('=');
  await context.addCookies([{ name: cookie.slice(0, separator), value: cookie.slice(separator + 1), url: E2E_BASE_URL }]);
  return context.newPage();
}

async function setPassword(page: Page, url: string) {
  await page.goto(url);
  await page.getByLabel('Mot de passe', { exact: true }).fill(AGENT_PASSWORD);
  await page.getByLabel('Répétez le mot de passe').fill(AGENT_PASSWORD);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
}

/** `npm run audit:verify` beside the suite's server: through its control socket when it holds the embedded database. */
async function verifyJournal() {
  const env = {
    ...process.env,
    DATA_DIR: process.env.E2E_DATA_DIR!,
    DATABASE_URL: process.env.E2E_DATABASE === 'postgres' ? process.env.E2E_DATABASE_URL! : '',
  };
  const { stdout } = await promisify(execFile)(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'lib/cli/audit-verify.ts'], { env });
  return stdout;
}

const member = (page: Page, email: string) => page.getByTestId('team-member').and(page.locator(`[data-email="${email}"]`));

test.describe('roles', () => {
  test('an admin adds an agent, who is refused the people export, the journal, the erasure and the archive, then promoted and disabled', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const agentEmail = `agent.${tag()}@example.test`;

    // The admin's "Équipe": the e2e operator is an admin; an agent added, its link shown once.
    await openConsole(page);
    const nav = page.getByRole('navigation', { name: 'Vues de la console' });
    await nav.getByRole('link', { name: 'Équipe' }).click();
    await expect(page.getByRole('heading', { name: 'Équipe', exact: true })).toBeVisible();
    await expect(member(page, E2E_OPERATOR.email)).toContainText('(vous)');
    await expect(member(page, E2E_OPERATOR.email).getByRole('combobox')).toHaveValue('admin');
    const add = page.getByRole('form', { name: 'Ajouter un opérateur' });
    await add.getByLabel('Adresse e-mail').fill(agentEmail);
    await add.getByRole('button', { name: 'Ajouter' }).click();
    const url = await page.getByTestId('invitation-url').textContent();
    // The token is in the fragment: no server or proxy log sees it.
    expect(url).toMatch(new RegExp(`^${E2E_BASE_URL}/admin/invitation#[A-Za-z0-9_-]{43}$`));
    await expect(member(page, agentEmail)).toContainText('Invité, lien valable jusqu’au');
    await expect(member(page, agentEmail).getByRole('combobox')).toHaveValue('agent');
    expect(await axeViolations(page)).toEqual([]);
    // No password yet: no sign-in.
    const early = await fetch(`${E2E_BASE_URL}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
      body: JSON.stringify({ email: agentEmail, password: AGENT_PASSWORD }),
    });
    expect(early.status).toBe(401);

    // The agent sets a password through the link, once.
    const invited = await (await browser.newContext()).newPage();
    await setPassword(invited, url!);
    await expect(invited.getByRole('status')).toContainText(`Mot de passe enregistré pour ${agentEmail}`);
    expect(await axeViolations(invited)).toEqual([]);
    const again = await (await browser.newContext()).newPage();
    await setPassword(again, url!);
    await expect(again.getByRole('alert').filter({ hasText: 'Ce lien ne fonctionne pas' })).toBeVisible();

    // The agent's daily work is open; what only an admin may do is refused 403, by code.
    const agent = await logIn(agentEmail, AGENT_PASSWORD);
    expect((await get(agent, '/api/admin/sessions')).status).toBe(200);
    expect((await get(agent, '/admin/people?view=all')).status).toBe(200);
    for (const path of ['/api/admin/people/export?view=all', '/api/admin/audit/export', '/api/admin/dossiers/1/archive']) {
      const refused = await get(agent, path);
      expect(refused.status, path).toBe(403);
      expect(await refused.json()).toMatchObject({ error: 'admin_only' });
    }
    for (const path of ['/admin/audit', '/admin/operators']) {
      const refused = await get(agent, path);
      expect(refused.status, path).toBe(403);
      expect(await refused.text()).toContain('Réservé aux administrateurs');
    }

    // In the agent's console: no admin's view in the navigation, the erasure refused and explained.
    const lead = await page.request.post('/api/leads', {
      data: { name: `Rita Roles ${tag()}`, email: `roles.${tag()}@example.com`, message: 'Une question.', consent: true, locale: 'fr' },
      headers: { 'x-forwarded-for': clientAddress() },
    });
    expect(lead.status()).toBe(201);
    const leadId = ((await lead.json()) as { id: number }).id;
    const agentPage = await consoleAs(browser, agent);
    await agentPage.goto(`/admin/requests/${leadId}`);
    const agentNav = agentPage.getByRole('navigation', { name: 'Vues de la console' });
    await expect(agentNav.getByRole('link', { name: 'Demandes' })).toBeVisible();
    await expect(agentNav.getByRole('link', { name: 'Journal' })).toHaveCount(0);
    await expect(agentNav.getByRole('link', { name: 'Équipe' })).toHaveCount(0);
    await agentPage.getByRole('button', { name: 'Gérer les données de cette adresse' }).click();
    await agentPage.getByRole('button', { name: 'Effacer toutes les données' }).click();
    await agentPage.getByRole('button', { name: "Confirmer l'effacement" }).click();
    await expect(agentPage.getByRole('alert').filter({ hasText: 'Réservé aux administrateurs' })).toBeVisible();
    await agentPage.goto('/admin/people?view=all');
    await expect(agentPage.getByText('L’export de la liste est réservé aux administrateurs.')).toBeVisible();
    await agentPage.goto('/admin/audit');
    await expect(agentPage.getByRole('heading', { name: 'Réservé aux administrateurs' })).toBeVisible();
    // The request was not erased.
    expect((await get(agent, `/admin/requests/${leadId}`)).status).toBe(200);

    // The admin is allowed each (an unknown dossier is a 404, past the role), and the journal names every refusal.
    const admin = await logIn(E2E_OPERATOR.email, E2E_OPERATOR.password);
    expect((await get(admin, '/api/admin/people/export?view=all')).status).toBe(200);
    expect((await get(admin, '/admin/audit')).status).toBe(200);
    expect((await get(admin, '/api/admin/dossiers/999999999/archive')).status).toBe(404);
    const journal = await get(admin, `/api/admin/audit/export?action=access_refused&operator=${encodeURIComponent(agentEmail)}`);
    expect(journal.status).toBe(200);
    const refusals = (await journal.text()).split('\r\n').slice(1).filter(Boolean);
    for (const act of ['export_people', 'export_audit', 'download_dossier_archive', 'read_audit', 'manage_operators', 'erase_person']) {
      expect(
        refusals.some((line) => line.includes(`act=${act}`)),
        act,
      ).toBe(true);
    }

    // Every entry written meanwhile, by two sessions and the server's own jobs, in one chain.
    const chain = await verifyJournal();
    expect(chain).toMatch(/^The journal's chain is whole: \d+ entries checked/);
    if (process.env.E2E_DATABASE !== 'postgres') expect(chain).toContain('(checked by the running server)');

    // Promoted, the agent may export; disabled, the session ends; the last admin stays one.
    await page.reload();
    const row = member(page, agentEmail);
    await row.getByRole('combobox').selectOption('admin');
    await row.getByRole('button', { name: 'Enregistrer le rôle' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Rôle de ${agentEmail} : Administrateur.` })).toBeVisible();
    expect((await get(agent, '/api/admin/people/export?view=all')).status).toBe(200);
    await row.getByRole('button', { name: `Désactiver ${agentEmail}` }).click();
    await row.getByRole('button', { name: 'Confirmer la désactivation' }).click();
    await expect(member(page, agentEmail).getByTestId('team-state')).toHaveText('Désactivé');
    expect((await get(agent, '/api/admin/sessions')).status).toBe(401);
    const self = member(page, E2E_OPERATOR.email);
    await self.getByRole('combobox').selectOption('agent');
    await self.getByRole('button', { name: 'Enregistrer le rôle' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'la console doit garder au moins un administrateur actif' })).toBeVisible();
    await page.reload();
    await expect(member(page, E2E_OPERATOR.email).getByRole('combobox')).toHaveValue('admin');
  });
});
