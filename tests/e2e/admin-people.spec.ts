import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_OPERATOR as OPERATOR } from '../../playwright.config';
import { axeViolations, expect, test } from './fixtures';
import { clientAddress } from './console-visitor';

const tag = () => randomBytes(4).toString('hex');

type Visitor = { id: string; headers: Record<string, string> };

async function visitorWrites(request: APIRequestContext, locale: string, startPage: string, content: string): Promise<Visitor> {
  const headers = { 'x-forwarded-for': clientAddress() };
  const created = await request.post('/api/chat/sessions', { data: { locale, startPage }, headers });
  expect(created.status()).toBe(201);
  const { id, token } = (await created.json()) as { id: string; token: string };
  const visitor = { id, headers: { ...headers, authorization: `Bearer ${token}` } };
  await say(request, visitor, content);
  return visitor;
}

async function say(request: APIRequestContext, visitor: Visitor, content: string) {
  expect((await request.post(`/api/chat/sessions/${visitor.id}/messages`, { data: { content }, headers: visitor.headers })).status()).toBe(201);
}

async function logIn(page: Page) {
  const probe = page.waitForResponse('**/api/admin/sessions');
  await page.goto('/admin');
  await probe;
  await page.getByLabel('Adresse e-mail').fill(OPERATOR.email);
  await page.getByLabel('Mot de passe').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
}

/**
 * A person's key (their id): the console sends a key of links made before people were stored
 * (`chat:<session>`, `email:<address>`) to the person's own address. Leaves the page there.
 */
async function personKey(page: Page, legacyKey: string): Promise<string> {
  await page.goto(`/admin/people/${encodeURIComponent(legacyKey)}`);
  await expect(page).toHaveURL(/\/admin\/people\/\d+$/);
  return /\/admin\/people\/(\d+)/.exec(page.url())![1]!;
}

async function sendContactForm(request: APIRequestContext, { name, email }: { name: string; email: string }) {
  const lead = await request.post('/api/leads', {
    data: { name, email, message: 'Nous cherchons une école à Curepipe.', consent: true, locale: 'fr' },
    headers: { 'x-forwarded-for': clientAddress() },
  });
  expect(lead.status()).toBe(201);
}

const personButton = (page: Page, key: string) => page.locator(`a[data-person-key="${key}"]`);
const card = (page: Page, key: string) => page.locator(`button[data-card-key="${key}"]`);
const showView = async (page: Page, name: string) => {
  const link = page.getByRole('navigation', { name: 'Filtrer les personnes' }).getByRole('link', { name, exact: true });
  await link.click();
  await expect(link).toHaveAttribute('aria-current', 'page');
};
const closeToasts = async (page: Page) => {
  for (const close of await page.getByRole('button', { name: 'Fermer' }).all()) await close.click().catch(() => undefined);
};

test.describe('operator console: people', () => {
  test('a morning: the waiting visitor by language and page, their timeline, a stage, a note, a snooze that ends when they write', async ({
    page,
    request,
  }) => {
    const visitor = await visitorWrites(request, 'de', '/de/visa-finder', `Guten Tag ${tag()}`);
    await logIn(page);
    const key = await personKey(page, `chat:${visitor.id}`);
    await page.goto('/admin/conversations');
    await expect(page.locator(`a[data-session-id="${visitor.id}"]`)).toContainText('Visiteur · Allemand · arrivé sur /de/visa-finder');
    await page.getByRole('link', { name: 'Personnes', exact: true }).click();
    const item = personButton(page, key);
    await expect(item).toContainText('Visiteur · Allemand · arrivé sur /de/visa-finder');
    await expect(item).toContainText('attend une réponse · il y a');
    await expect(item).not.toContainText(visitor.id.slice(-12, -4));
    expect(await axeViolations(page)).toEqual([]);

    await item.click();
    await expect(page.getByRole('heading', { level: 2, name: 'Visiteur · Allemand · arrivé sur /de/visa-finder' })).toBeVisible();
    await expect(page.getByTestId('timeline')).toContainText('Guten Tag');
    await page
      .getByRole('region', { name: 'Visiteur · Allemand · arrivé sur /de/visa-finder' })
      .getByLabel('Étape', { exact: true })
      .selectOption({ label: 'Consultation planifiée' });
    await page.getByRole('button', { name: "Changer d'étape" }).click();
    await expect(page.getByTestId('timeline')).toContainText(`Changement d'étape · ${OPERATOR.email}`);
    await page.getByLabel('Note privée').fill('Famille de 4, arrivée prévue en mars');
    await page.getByRole('button', { name: 'Ajouter la note' }).click();
    await expect(page.getByTestId('timeline')).toContainText('Famille de 4, arrivée prévue en mars');
    await closeToasts(page);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Pause jusqu’à demain 9\u00a0h' }).click();
    await expect(page.getByTestId('conversation-status')).toContainText('En pause jusqu');
    await showView(page, 'Ouvertes');
    await expect(personButton(page, key)).toHaveCount(0);
    await showView(page, 'En pause');
    await expect(personButton(page, key)).toBeVisible();

    await say(request, visitor, 'Noch eine Frage');
    await showView(page, 'Ouvertes');
    await expect(personButton(page, key)).toBeVisible();
  });

  test('moves a person between stages on the board by dragging and with the arrow keys', async ({ page, request }) => {
    const visitor = await visitorWrites(request, 'it', '/it/servizi', `Buongiorno ${tag()}`);
    await logIn(page);
    const key = await personKey(page, `chat:${visitor.id}`);
    await page.getByRole('link', { name: 'Étapes', exact: true }).click();
    await expect(page.locator('[data-stage-column="new"]').locator(card(page, key))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // The cards are server-rendered: they move once the page has hydrated and its stream is open
    // (the link may have been followed before the person's page had hydrated: a full load).
    await expect(page.getByText('En direct')).toBeVisible();
    // The next render of the board the console asks for (after the drag's own change, or another
    // test's) is held until the card has moved once more: it lands stale, the card a move behind.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let fetched!: () => void;
    const staleFetched = new Promise<void>((resolve) => (fetched = resolve));
    await page.route(
      /\/admin\/board\?_rsc=/,
      async (route) => {
        const response = await route.fetch();
        fetched();
        await released;
        await route.fulfill({ response });
      },
      { times: 1 },
    );
    await card(page, key).dragTo(page.locator('#column-qualified'));
    // Failed once in five clean-clone CIs (the card still in "Nouveau", the trace lost with the clone):
    // should it fail again, its message tells a drop that never reached the board (no notice) from a
    // move the server refused (a toast) or one undone afterwards (the notice, the card elsewhere).
    try {
      await expect(page.locator('[data-stage-column="qualified"]').locator(card(page, key))).toBeVisible();
    } catch (error) {
      const notice = await page.locator('p[aria-live="polite"]').allInnerTexts();
      const toasts = await page.locator('ol[aria-live] li').allInnerTexts();
      const column = await page.locator(`[data-stage-column]:has(button[data-card-key="${key}"])`).getAttribute('data-stage-column');
      throw new Error(`${(error as Error).message}\nboard notice: ${JSON.stringify(notice)}; toasts: ${JSON.stringify(toasts)}; card in: ${column}`);
    }
    // The drag's change comes back through the stream, and the console asks for a new render: held.
    await staleFetched;
    await card(page, key).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('[data-stage-column="consultation"]').locator(card(page, key))).toBeFocused();
    // The stale render lands: the card stays where the keyboard put it, focused (it once went back
    // for a moment, and the Enter pressed then opened nothing).
    await page.evaluate((key) => {
      const seen: string[] = [];
      (window as unknown as { seenColumns: string[] }).seenColumns = seen;
      new MutationObserver(() => {
        const column = document.querySelector(`[data-card-key="${key}"]`)?.closest('[data-stage-column]')?.getAttribute('data-stage-column');
        if (column && seen.at(-1) !== column) seen.push(column);
      }).observe(document.body, { childList: true, subtree: true });
    }, key);
    release();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { seenColumns: string[] }).seenColumns.filter((column) => column !== 'consultation'))).toEqual([]);
    await expect(page.locator('[data-stage-column="consultation"]').locator(card(page, key))).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: /Visiteur · Italien/ })).toBeVisible();
    await expect(page.getByTestId('timeline')).toContainText('Consultation planifiée');
    await expect(page.getByTestId('timeline')).toContainText('Qualifié');
  });

  test('merges a conversation into a contact request and undoes it; exports the list as CSV', async ({ page, request }) => {
    const id = tag();
    const email = `paul.${id}@example.com`;
    await sendContactForm(request, { name: `Paul Durand ${id}`, email });
    const visitor = await visitorWrites(request, 'fr', '/fr/contact', `C'est Paul ${id}`);
    await logIn(page);
    const [paul, visitorKey] = [await personKey(page, `email:${email}`), await personKey(page, `chat:${visitor.id}`)];
    await page.goto('/admin/conversations');
    await page.getByRole('link', { name: 'Personnes', exact: true }).click();
    await page.getByRole('searchbox', { name: /^Rechercher une personne/ }).fill(`ECOLE curepipe paul.${id}`);
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    const results = page.getByTestId('search-results');
    await expect(results.getByRole('link', { name: `Paul Durand ${id}` })).toBeVisible();
    await expect(results.locator('mark', { hasText: 'école' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await showView(page, 'Toutes');
    await personButton(page, paul).click();
    await expect(page.getByRole('heading', { level: 2, name: `Paul Durand ${id}` })).toBeVisible();
    const merge = page.getByLabel('Fusionner avec cette fiche');
    await merge.focus();
    await expect(merge.locator('option', { hasText: `C'est Paul` })).toHaveCount(0);
    await merge.selectOption({ value: visitorKey });
    await page.getByRole('button', { name: 'Fusionner', exact: true }).click();
    await expect(page.getByTestId('timeline')).toContainText(`C'est Paul ${id}`);
    await expect(personButton(page, visitorKey)).toHaveCount(0);
    await page.getByRole('button', { name: 'Annuler la fusion' }).click();
    await expect(page.getByTestId('timeline')).not.toContainText(`C'est Paul ${id}`);
    await expect(personButton(page, visitorKey)).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Exporter cette liste (CSV)' }).click();
    const file = await (await download).path();
    const bytes = await readFile(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain(`Paul Durand ${id},${email},,Nouveau,,Formulaire de contact,fr,`);
  });

  test('an address typed by someone else: a person of their own, «adresse non vérifiée», merged in one click; the name corrected', async ({
    page,
    request,
  }) => {
    // That the e-mailed link proves an address (and only then joins the person who has it) is
    // tested against the real database in tests/unit/people/address-proof.test.ts: this suite's
    // server sends no mail to visitors.
    const id = tag();
    const email = `claire.${id}@example.com`;
    await sendContactForm(request, { name: `Claire Martin ${id}`, email });
    await sendContactForm(request, { name: `Inconnu ${id}`, email });
    await logIn(page);
    const claire = await personKey(page, `email:${email}`);
    await page.goto('/admin/people?view=all');
    const stranger = page.locator('a[data-person-key]', { hasText: `Inconnu ${id}` });
    await expect(stranger).toBeVisible();
    await expect(page.locator('a[data-person-key]', { hasText: `Claire Martin ${id}` })).toHaveCount(1);
    await stranger.click();
    await expect(page.getByRole('heading', { level: 2, name: `Inconnu ${id}` })).toBeVisible();
    const address = page.getByTestId('person-address');
    await expect(address).toContainText('adresse non vérifiée');
    await expect(address).toContainText(`même adresse que Claire Martin ${id}`);
    expect(await axeViolations(page)).toEqual([]);
    await address.getByRole('button', { name: `Fusionner avec Claire Martin ${id}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Claire Martin ${id}` })).toBeVisible();
    await expect(page.getByTestId('timeline')).toContainText(`Fusion · ${OPERATOR.email}`);
    await expect(page.locator('a[data-person-key]', { hasText: `Inconnu ${id}` })).toHaveCount(0);

    // Rectification: the operator corrects the name and the phone, kept in the history.
    const form = page.getByRole('form', { name: 'Corriger les coordonnées' });
    await form.getByLabel('Nom').fill(`Claire Martin-Durand ${id}`);
    await form.getByLabel('Téléphone').fill('+230 5 777 1234');
    await form.getByRole('button', { name: 'Enregistrer la correction' }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Claire Martin-Durand ${id}` })).toBeVisible();
    await expect(page.getByTestId('timeline')).toContainText(`Correction des coordonnées · ${OPERATOR.email}`);
    await expect(personButton(page, claire)).toContainText(`Claire Martin-Durand ${id}`);
    await form.getByLabel('Téléphone').fill('pas un numéro');
    await form.getByRole('button', { name: 'Enregistrer la correction' }).click();
    await expect(page.getByText('Vérifiez le nom (2 à 120 caractères)')).toBeVisible();
  });

  test('shows the Monday numbers with a table beside each chart, visa-finder checks counted on the server', async ({ page, request }) => {
    const check = await request.post('/api/visa-check', {
      data: { nationality: 'France', duration: '1-2 ans', work_status: 'Oui', locale: 'fr' },
      headers: { 'x-forwarded-for': clientAddress() },
    });
    expect(check.status()).toBe(200);
    expect(check.headers()['set-cookie']).toBeUndefined();
    await logIn(page);
    await page.getByRole('link', { name: 'Tableau de bord', exact: true }).click();
    const visa = page.getByRole('table', { name: 'Simulations de visa' });
    await expect(visa).toBeVisible();
    await expect(visa.locator('tbody td').last()).not.toHaveText('0');
    await expect(page.getByRole('table', { name: 'Nouvelles conversations' })).toBeVisible();
    // The suite's server has no OFFICE_HOURS: the wait for a first answer is counted in real time.
    await expect(page.getByTestId('dashboard-note-answer')).toHaveText("Compté en temps réel (heures d'ouverture non configurées)");
    const pages = page.getByRole('table', { name: "Personnes par page d'arrivée" });
    await expect(pages.getByRole('rowheader', { name: '/de/visa-finder' })).toBeVisible();
    await expect(pages.locator('thead th')).toHaveCount(13);
    expect(await axeViolations(page)).toEqual([]);
  });
});
