import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_OPERATOR as OPERATOR } from '../../playwright.config';
import { axeViolations, expect, test } from './fixtures';
import { clientAddress } from './console-visitor';

const PAYLOAD = '<img src=x onerror=alert(1)><script>alert(2)</script>';

type Visitor = { id: string; token: string; headers: Record<string, string> };

async function createVisitor(request: APIRequestContext, startPage = '/fr/visa-finder'): Promise<Visitor> {
  const headers = { 'x-forwarded-for': clientAddress() };
  const response = await request.post('/api/chat/sessions', { data: { locale: 'fr', startPage }, headers });
  expect(response.status()).toBe(201);
  const { id, token } = (await response.json()) as { id: string; token: string };
  return { id, token, headers: { ...headers, authorization: `Bearer ${token}` } };
}

async function visitorSays(request: APIRequestContext, visitor: Visitor, content: string) {
  const response = await request.post(`/api/chat/sessions/${visitor.id}/messages`, { data: { content }, headers: visitor.headers });
  expect(response.status()).toBe(201);
}

async function logIn(page: Page, { live = true, beforeSubmit }: { live?: boolean; beforeSubmit?: () => Promise<void> } = {}) {
  // The login screen first asks the API whether the cookie is already good (see LoginScreen).
  const probe = page.waitForResponse('**/api/admin/sessions');
  await page.goto('/admin');
  await probe;
  await beforeSubmit?.();
  await page.getByLabel('Adresse e-mail').fill(OPERATOR.email);
  await page.getByLabel('Mot de passe').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  if (live) await expect(page.getByText('En direct')).toBeVisible();
}

const failWith503 = { status: 503, contentType: 'application/json', body: '{"error":"unavailable","message":"down"}' };

/** The error toast (Next's route announcer is an empty alert too). */
const errorToast = (page: Page) => page.getByRole('alert').filter({ hasText: 'Erreur' });
const sessionButton = (page: Page, id: string) => page.locator(`a[data-session-id="${id}"]`);

test.describe('operator console: access', () => {
  test('refuses every operator endpoint without a session', async ({ request }) => {
    const calls = [
      ['GET', '/api/admin/sessions'],
      ['GET', '/api/admin/sessions/session_1_abcdef123456'],
      ['POST', '/api/admin/sessions/session_1_abcdef123456/messages'],
      ['POST', '/api/admin/sessions/session_1_abcdef123456/read'],
      ['GET', '/api/admin/events'],
      ['POST', '/api/admin/logout'],
      ['GET', '/api/admin/anything-else'],
    ] as const;
    const visitor = await createVisitor(request);
    const credentials: Record<string, string>[] = [{}, { cookie: 'operator_session=forged' }, { authorization: `Bearer ${visitor.token}` }];
    for (const headers of credentials) {
      for (const [method, path] of calls) {
        const response = await request.fetch(path, { method, headers, data: method === 'POST' ? { content: 'x', upToId: 1 } : undefined });
        expect(response.status(), `${method} ${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(await response.json()).toMatchObject({ error: 'unauthorized' });
      }
    }
  });

  test('shows "Mot de passe incorrect." for a wrong password, then welcomes the operator', async ({ page, context }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Console Maurice Expat' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(OPERATOR.password);
    await page.getByLabel('Adresse e-mail').fill(OPERATOR.email);
    await page.getByLabel('Mot de passe').fill('not the password at all');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(errorToast(page)).toContainText('Mot de passe incorrect.');
    expect(await context.cookies()).toEqual([]);

    await page.getByLabel('Mot de passe').fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    const welcome = page.getByRole('status').filter({ hasText: 'Connexion réussie' });
    await expect(welcome).toContainText("Bienvenue dans l'interface d'administration.");
    await expect(page.getByRole('heading', { name: 'Sessions actives' })).toBeVisible();

    // The session, and the mark of a browser the operator signed in from (its own lane at the next login).
    const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
    expect(Object.keys(cookies).sort()).toEqual(['operator_device', 'operator_session']);
    expect(cookies.operator_session).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: false, path: '/' });
    expect(cookies.operator_device).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: false, path: '/' });
    // The server decides: a reload renders the console, not the login form.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  });

  test('logging out revokes the session: the old cookie is refused', async ({ page, context, playwright }) => {
    await logIn(page);
    const cookie = (await context.cookies()).find((item) => item.name === 'operator_session');
    expect(cookie).toBeDefined();
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();

    const replay = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const response = await replay.get('/api/admin/sessions', { headers: { cookie: `operator_session=${cookie?.value}` } });
    expect(response.status()).toBe(401);
    await replay.dispose();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  });

  test('blocks a client guessing one e-mail, never that e-mail from another client', async ({ request, page }) => {
    const attempt = (email: string, client: string) =>
      request.post('/api/admin/login', { data: { email, password: 'wrong password here' }, headers: { 'x-forwarded-for': client } });
    const target = `cible-${Date.now()}@e2e.test`;
    const client = clientAddress();
    for (let index = 0; index < 5; index += 1) expect((await attempt(target, client)).status()).toBe(401);
    const blocked = await attempt(target, client);
    expect(blocked.status()).toBe(429);
    expect(await blocked.json()).toMatchObject({ error: 'rate_limited' });
    expect(Number(blocked.headers()['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(target, clientAddress())).status()).toBe(401);

    await page.setExtraHTTPHeaders({ 'x-forwarded-for': client });
    await page.goto('/admin');
    await page.getByLabel('Adresse e-mail').fill(target);
    await page.getByLabel('Mot de passe').fill('wrong password here');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(errorToast(page)).toContainText('Trop de tentatives de connexion.');
  });
});

test.describe('operator console: conversations', () => {
  test('shows a visitor message in real time, and the reply reaches the visitor', async ({ page, request }) => {
    await logIn(page);
    const visitor = await createVisitor(request, '/fr/services');
    await visitorSays(request, visitor, 'Bonjour, je cherche un visa.');

    const item = sessionButton(page, visitor.id);
    await expect(item).toContainText('Bonjour, je cherche un visa.', { timeout: 5000 });
    await expect(item).toContainText(visitor.id.split('_')[2]!.slice(0, 8));
    await expect(item).toContainText('1 message');
    await expect(item).toContainText('1 non lu');
    await expect(item.locator('time')).toHaveText(/^\d{2}:\d{2}$/);

    await item.click();
    const log = page.getByRole('log', { name: 'Messages de la session' });
    await expect(log).toContainText('Bonjour, je cherche un visa.');
    await expect(page.getByText('Français', { exact: true })).toBeVisible();
    // The conversation's header; the visitor's trail beside it starts from the same page.
    await expect(page.getByRole('definition').filter({ hasText: '/fr/services' })).toBeVisible();
    await expect(page.locator('[data-trail-start]')).toContainText('/fr/services');
    await expect(item).not.toContainText('non lu');

    await visitorSays(request, visitor, 'Pour une retraite à Maurice.');
    await expect(log).toContainText('Pour une retraite à Maurice.', { timeout: 5000 });
    await expect(item).toContainText('2 messages');
    await expect(item).not.toContainText('non lu');

    const reply = page.getByPlaceholder('Tapez votre réponse...');
    const send = page.getByRole('button', { name: 'Envoyer' });
    await expect(send).toBeDisabled();
    await reply.fill('   ');
    await expect(send).toBeDisabled();
    await reply.fill('  Bienvenue ! Parlons de votre projet.  ');
    await reply.press('Enter');
    await expect(log).toContainText('Bienvenue ! Parlons de votre projet.');
    await expect(reply).toHaveValue('');

    const answer = await request.get(`/api/chat/sessions/${visitor.id}/messages`, { headers: visitor.headers });
    const { messages } = (await answer.json()) as { messages: { sender: string; content: string }[] };
    expect(messages.at(-1)).toEqual(expect.objectContaining({ sender: 'operator', content: 'Bienvenue ! Parlons de votre projet.' }));
    await expect(log.getByText('Bienvenue ! Parlons de votre projet.')).toHaveCount(1);
  });

  test('shows an HTML and script payload as text', async ({ page, request }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await logIn(page);
    const visitor = await createVisitor(request);
    await visitorSays(request, visitor, PAYLOAD);
    const item = sessionButton(page, visitor.id);
    await expect(item).toContainText(PAYLOAD);
    await item.click();
    const log = page.getByRole('log', { name: 'Messages de la session' });
    await expect(log.getByText(PAYLOAD, { exact: true })).toBeVisible();
    expect(await page.locator('main img, main script').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  test('works with the keyboard and has no accessibility violations', async ({ page, request }) => {
    const visitor = await createVisitor(request);
    await visitorSays(request, visitor, 'Message pour le test au clavier');
    await page.goto('/admin');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Adresse e-mail').focus();
    await page.keyboard.type(OPERATOR.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(OPERATOR.password);
    await page.keyboard.press('Enter');
    await expect(page.getByText('En direct')).toBeVisible();
    await expect(page.getByText('Sélectionnez une session pour commencer')).toBeVisible();
    await expect(page.getByText(/^\d+\ssessions?$/)).toBeVisible();
    // The shared Toaster (components/ui/toast.tsx) puts role="status" on its <li>, which axe's
    // "list" rule refuses: closed here, reported to its owner.
    await page.getByRole('button', { name: 'Fermer' }).click();
    expect(await axeViolations(page)).toEqual([]);

    await sessionButton(page, visitor.id).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('log')).toContainText('Message pour le test au clavier');
    await page.getByPlaceholder('Tapez votre réponse...').focus();
    await page.keyboard.type('Réponse au clavier');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('log')).toContainText('Réponse au clavier');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('falls back to polling the list every 30 s while the live stream is down', async ({ page, request }) => {
    await page.clock.install();
    await page.route('**/api/admin/events**', (route) => route.abort('connectionrefused'));
    await logIn(page, { live: false });
    await expect(page.getByText('Hors ligne : actualisation toutes les 30 s')).toBeVisible();
    await expect(page.getByText(/^\d+\ssessions?$|^Aucune session trouvée$/)).toBeVisible();
    const visitor = await createVisitor(request);
    await visitorSays(request, visitor, 'Message pendant la coupure');
    await page.clock.fastForward(31_000);
    await expect(sessionButton(page, visitor.id)).toContainText('Message pendant la coupure');
  });

  test("shows the spec's error toasts and keeps an unsent reply", async ({ page, request }) => {
    // The list is rendered by the server; read by the console itself only while the stream is down.
    await page.clock.install();
    await page.route('**/api/admin/events**', (route) => route.abort('connectionrefused'));
    await logIn(page, { live: false });
    await page.route('**/api/admin/sessions', (route) => route.fulfill(failWith503), { times: 1 });
    await page.clock.fastForward(31_000);
    await expect(errorToast(page)).toContainText('Impossible de charger les sessions.');

    const visitor = await createVisitor(request);
    await visitorSays(request, visitor, 'Bonjour');
    await page.reload();
    await sessionButton(page, visitor.id).click();
    await expect(page.getByRole('log')).toContainText('Bonjour');
    // The reply is a server action, posted to the conversation's own address: that post fails, once.
    let failed = false;
    await page.route(
      (url) => url.pathname === `/admin/conversations/${visitor.id}`,
      (route) => {
        const reply = route.request().method() === 'POST' && (route.request().postData() ?? '').includes('Réponse perdue');
        if (!reply || failed) return route.fallback();
        failed = true;
        return route.fulfill(failWith503);
      },
    );
    await page.getByPlaceholder('Tapez votre réponse...').fill('Réponse perdue ?');
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(errorToast(page).filter({ hasText: "Impossible d'envoyer le message." })).toBeVisible();
    await expect(page.getByPlaceholder('Tapez votre réponse...')).toHaveValue('Réponse perdue ?');
  });
});
