import type { Browser, Page } from '@playwright/test';
import { parseMail } from '../support/mime';
import { openConsole } from './console-login';
import { clientAddress } from './console-visitor';
import { messagesFor } from '@/lib/i18n/messages';
import { axeViolations, expect, LOCALES, test } from './fixtures';
import type { ServerPool } from './servers';

// The client's way into their dossier, against the worker's PostgreSQL pair and its SMTP listener:
// the mailed link (token in the fragment) spent only by the page's button, the sessions the
// operator, a new address or closing end, and "send me a new link" answering the same, at once,
// for every address.

const LINK = /\/(en|fr|de|es|it)\/dossier\/open#([A-Za-z0-9_-]{43})/;
const yearsAhead = (years: number) => new Date(Date.now() + years * 365.25 * 86_400_000).toISOString().slice(0, 10);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Smtp = Awaited<ReturnType<ServerPool['smtp']>>;

/** The links mailed to `address` so far, oldest first, as paths of the server (the mails name SITE_URL). */
const linksTo = (smtp: Smtp, address: string) =>
  smtp.mails
    .filter((mail) => mail.rcptTo.includes(address))
    .map((mail) => LINK.exec(parseMail(mail.raw).text)?.[0])
    .filter((link): link is string => Boolean(link));

async function nextLink(smtp: Smtp, address: string, seen: number) {
  await expect.poll(() => linksTo(smtp, address).length, { message: `a link mailed to ${address}` }).toBeGreaterThan(seen);
  return linksTo(smtp, address).at(-1)!;
}

/** A person (from an English visa result) and the dossier the operator opens for them at `email`: the console page's URL. */
async function openDossierFor(page: Page, url: string, { person, email = person }: { person: string; email?: string }) {
  const sent = await page.request.post(`${url}/api/visa-check/email`, {
    headers: { 'x-forwarded-for': clientAddress() },
    data: { nationality: 'Allemagne', duration: '6-12 mois', work_status: 'Oui', work_context: 'remote_foreign', locale: 'en', email: person, consent: true },
  });
  expect(sent.status()).toBeLessThan(300);
  await openConsole(page, url);
  await page.goto(`${url}/admin/people/email:${person}`);
  await page.getByRole('button', { name: 'Ouvrir un dossier' }).click();
  const form = page.getByRole('form', { name: 'Ouvrir un dossier de demande' });
  await form.getByLabel('Date visée').fill(yearsAhead(1));
  await form.getByLabel('Adresse e-mail du client').fill(email);
  await form.getByRole('button', { name: 'Ouvrir le dossier' }).click();
  await expect(page).toHaveURL(/\/admin\/dossiers\/\d+$/);
  return page.url();
}

/** The client presses the button of a link's page in a browser of their own: the dossier's page, open. */
async function pressLink(browser: Browser, url: string, link: string) {
  const context = await browser.newContext({ locale: 'en-GB' });
  const client = await context.newPage();
  await client.goto(`${url}${link}`);
  const button = client.getByRole('button', { name: 'Open my file' });
  await expect(button).toBeEnabled();
  await button.focus();
  await client.keyboard.press('Enter');
  await expect(client).toHaveURL(/\/en\/dossier$/);
  await expect(client.getByRole('heading', { level: 1 })).toContainText('Your file');
  const cookie = (await context.cookies()).find((entry) => entry.name === 'dossier_session')!;
  const itemId = await client.getByTestId('client-item').first().getAttribute('data-item-id');
  return { context, client, cookie, itemId: itemId! };
}

/** An upload with the session's cookie: how a client's request is answered, without a browser. */
const upload = (url: string, { cookie, itemId }: { cookie: { value: string }; itemId: string }) =>
  fetch(`${url}/api/dossier/items/${itemId}/files?name=a.pdf`, {
    method: 'PUT',
    headers: { cookie: `dossier_session=${cookie.value}`, 'content-type': 'application/pdf' },
    body: '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n',
  });

const spend = (url: string, token: string) =>
  fetch(`${url}/api/dossier/open`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({ token }),
  });

test.describe('the client’s dossier link and session', () => {
  test('a GET of the link, by a scanner or a preview running its scripts, leaves it unspent; the button then opens the dossier', async ({
    page,
    browser,
    servers,
  }) => {
    test.setTimeout(90_000);
    const smtp = await servers.smtp();
    const { a: server } = await servers.postgres();
    const person = `link.${unique()}@example.com`;
    await openDossierFor(page, server.url, { person });
    const link = await nextLink(smtp, person, 0);
    const token = LINK.exec(link)![2]!;
    const mail = parseMail(smtp.mails.find((entry) => entry.rcptTo.includes(person))!.raw);
    expect(mail.text).not.toContain('token=');

    // A scanner fetches the page: the fragment never leaves the mail, nothing is set, no Referer goes.
    const fetched = await fetch(`${server.url}${link}`);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('set-cookie')).toBeNull();
    expect(fetched.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await fetched.text()).toContain('<meta name="referrer" content="no-referrer"/>');
    // A mail of the old form (token in the query) is sent on to the page, unspent.
    const legacy = await fetch(`${server.url}/api/dossier/open?token=${token}&lang=en`, { redirect: 'manual' });
    expect([legacy.status, legacy.headers.get('location'), legacy.headers.get('set-cookie')]).toEqual([303, `/en/dossier/open#${token}`, null]);
    // A preview that runs the page's scripts: the button is there, nothing is spent until it is pressed.
    const preview = await browser.newContext();
    const scanner = await preview.newPage();
    await scanner.goto(`${server.url}${link}`);
    await expect(scanner.getByRole('button', { name: 'Open my file' })).toBeEnabled();
    await expect(scanner).toHaveURL(/\/en\/dossier\/open$/);
    expect(await preview.cookies()).toEqual([]);
    expect(await axeViolations(scanner)).toEqual([]);
    // Without its token (cut short by a mail client), a new tab's page says what to do.
    const cut = await preview.newPage();
    await cut.goto(`${server.url}/en/dossier/open`);
    await expect(cut.locator('#main').getByRole('alert')).toContainText('This link is incomplete.');
    await expect(cut.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/en/dossier');
    await preview.close();
    for (const locale of LOCALES) {
      const html = await (await fetch(`${server.url}/${locale}/dossier/open`)).text();
      expect(html).toContain(`>${messagesFor(locale).Dossier.open.button}</button>`);
    }

    // The client presses it (from the keyboard): the dossier opens in their browser, the cookie HttpOnly.
    const { context, client, cookie } = await pressLink(browser, server.url, link);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await axeViolations(client)).toEqual([]);
    // Back does not return to the spent link's page.
    await client.goBack().catch(() => undefined);
    expect(client.url()).not.toContain('#');
    const again = await spend(server.url, token);
    expect([again.status, ((await again.json()) as { error: string }).error]).toEqual([410, 'link_used']);
    // Pressed again, the page says so and the keyboard lands on what to do next.
    const reused = await context.newPage();
    await reused.goto(`${server.url}${link}`);
    await reused.getByRole('button', { name: 'Open my file' }).click();
    await expect(reused.locator('#main').getByRole('alert')).toContainText('This link has already been used.');
    await expect(reused.getByRole('link', { name: 'Ask for a new link' })).toBeFocused();
    await context.close();
  });

  test('a closed dossier’s session and waiting link are refused', async ({ page, browser, servers }) => {
    test.setTimeout(90_000);
    const smtp = await servers.smtp();
    const { a: server, b: other } = await servers.postgres();
    const person = `closed.${unique()}@example.com`;
    const dossierUrl = await openDossierFor(page, server.url, { person });
    // A second link waits in the mailbox; the client opens the first.
    await page.getByRole('button', { name: 'Renvoyer le lien au client' }).click();
    const waiting = LINK.exec(await nextLink(smtp, person, 1))![2]!;
    const session = await pressLink(browser, other.url, linksTo(smtp, person)[0]!);
    expect((await upload(other.url, session)).status).not.toBe(401);
    await page.getByRole('button', { name: 'Clore le dossier' }).click();
    await expect(page.getByText(/^Dossier clos le/)).toBeVisible();
    expect(page.url()).toBe(dossierUrl);

    await session.client.reload();
    await expect(session.client.getByRole('heading', { name: 'Get a link to your file' })).toBeVisible();
    expect((await upload(other.url, session)).status).toBe(401);
    const pressed = await spend(other.url, waiting);
    expect([pressed.status, ((await pressed.json()) as { error: string }).error]).toEqual([410, 'dossier_closed']);
    await session.context.close();
  });

  test('the operator ends the client’s sessions and the next request is refused; the client signs out', async ({ page, browser, servers }) => {
    test.setTimeout(90_000);
    const smtp = await servers.smtp();
    const { a: server, b: other } = await servers.postgres();
    const person = `ended.${unique()}@example.com`;
    const dossierUrl = await openDossierFor(page, server.url, { person });
    const phone = await pressLink(browser, other.url, await nextLink(smtp, person, 0));
    await page.goto(dossierUrl);
    await expect(page.getByTestId('client-sessions')).toContainText('1 session ouverte');
    await page.getByRole('button', { name: 'Fermer les sessions du client' }).click();
    await expect(page.getByText('1 session fermée.')).toBeVisible();
    await expect(page.getByTestId('client-sessions')).toContainText('Aucune session ouverte');
    expect((await upload(other.url, phone)).status).toBe(401);
    await phone.client.reload();
    await expect(phone.client.getByRole('heading', { name: 'Get a link to your file' })).toBeVisible();

    // The client asks for a new link, opens it, and signs out.
    const ask = await phone.client.request.post(`${other.url}/api/dossier/link`, { data: { email: person }, headers: { 'x-forwarded-for': clientAddress() } });
    expect(ask.status()).toBe(202);
    const laptop = await pressLink(browser, other.url, await nextLink(smtp, person, 1));
    await laptop.client.getByRole('button', { name: 'Sign out' }).click();
    await expect(laptop.client.getByRole('heading', { name: 'Get a link to your file' })).toBeVisible();
    expect((await laptop.context.cookies()).filter((entry) => entry.name === 'dossier_session')).toEqual([]);
    expect((await upload(other.url, laptop)).status).toBe(401);
    await phone.context.close();
    await laptop.context.close();
  });

  test('a mistyped address corrected: its links and sessions end, a new link goes to the new address', async ({ page, browser, servers }) => {
    test.setTimeout(90_000);
    const smtp = await servers.smtp();
    const { a: server } = await servers.postgres();
    const person = `typo.${unique()}@example.com`;
    const typo = person.replace('@example.com', '@exampel.com');
    await openDossierFor(page, server.url, { person, email: typo });
    const stranger = await pressLink(browser, server.url, await nextLink(smtp, typo, 0));
    await page.getByRole('button', { name: 'Renvoyer le lien au client' }).click();
    const unopened = LINK.exec(await nextLink(smtp, typo, 1))![2]!;

    await page.getByRole('button', { name: 'Corriger l’adresse' }).click();
    const form = page.getByRole('form', { name: 'Corriger l’adresse' });
    await form.getByLabel('Nouvelle adresse e-mail du client').fill(person);
    await form.getByRole('button', { name: 'Corriger et envoyer un nouveau lien' }).click();
    await expect(page.getByText(`Adresse corrigée\u00a0: nouveau lien envoyé à ${person}.`)).toBeVisible();
    await expect(page.getByText(person, { exact: false }).first()).toBeVisible();

    const right = await nextLink(smtp, person, 0);
    expect((await upload(server.url, stranger)).status).toBe(401);
    const old = await spend(server.url, unopened);
    expect([old.status, ((await old.json()) as { error: string }).error]).toEqual([400, 'link_invalid']);
    const client = await pressLink(browser, server.url, right);
    expect((await upload(server.url, client)).status).not.toBe(401);
    await stranger.context.close();
    await client.context.close();
  });

  test('“send me a new link” answers at once, the same for a client’s and an unknown address, and refuses past the limit', async ({ page, servers }) => {
    test.setTimeout(90_000);
    const smtp = await servers.smtp();
    const { a: server } = await servers.postgres();
    const person = `ask.${unique()}@example.com`;
    await openDossierFor(page, server.url, { person });
    await nextLink(smtp, person, 0);

    const ask = async (email: string, from = clientAddress()) => {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/dossier/link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify({ email }),
      });
      const body = await response.text();
      return { status: response.status, body, ms: performance.now() - started };
    };
    // Alternating, each from an address of its own, so that neither kind meets a warm path the other did not.
    const known: Awaited<ReturnType<typeof ask>>[] = [];
    const unknown: Awaited<ReturnType<typeof ask>>[] = [];
    // Eight of each: past the third, the client's address is over its daily 3 and no mail goes, the answer is the same.
    for (let round = 0; round < 8; round += 1) {
      known.push(await ask(person));
      unknown.push(await ask(`nobody.${unique()}@example.com`));
    }
    for (const answer of [...known, ...unknown]) expect([answer.status, answer.body]).toEqual([202, '{"ok":true}']);
    const ms = (answers: typeof known) => answers.map((answer) => Math.round(answer.ms));
    const median = (answers: typeof known) => ms(answers).sort((x, y) => x - y)[answers.length >> 1];
    console.log(
      `[dossier-access] "send me a new link" answered in ms: client ${ms(known).join(', ')} (median ${median(known)}); unknown ${ms(unknown).join(', ')} (median ${median(unknown)})`,
    );
    for (const answer of [...known, ...unknown]) expect(answer.ms).toBeLessThan(500);
    // The mails follow the answers: three (a day's worth for one address) on top of the operator's.
    await expect.poll(() => linksTo(smtp, person).length).toBe(4);

    // One client address: five asks, then 429 with Retry-After whatever the address asked for.
    const from = clientAddress();
    for (let n = 0; n < 5; n += 1) expect((await ask(`nobody.${unique()}@example.com`, from)).status).toBe(202);
    const refused = await fetch(`${server.url}/api/dossier/link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify({ email: person }),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toBe('rate_limited');
  });
});
