import { E2E_OPERATOR } from '../../playwright.config';
import { parseMail } from '../support/mime';
import { startSmtpPeer } from '../support/peers';
import { ChatWidgetPage, logInToConsole as logIn } from './chat-widget-helpers';
import { axeViolations, expect, test } from './fixtures';
import { OPERATOR_ENV } from './servers';
import { createVisitor, startServer, tempDataDir, testPort } from './server-process';

// Nobody online → nothing lost: the visitor leaves an address, the operator's unread replies are
// e-mailed after CHAT_EMAIL_DELAY (a real SMTP listener on loopback), the mail's links give the
// conversation back to a new browser or erase it.

const DELAY_SECONDS = 2;

const linkIn = (text: string, kind: 'chat' | 'chat-erase') => new RegExp(`https?://\\S+#${kind}=[A-Za-z0-9_-]+`).exec(text)?.[0];

test('nobody online: a German visitor leaves an address, gets the reply by e-mail, continues in a new browser and erases the conversation', async ({
  browser,
  servers,
}) => {
  test.setTimeout(240_000);
  const smtp = await startSmtpPeer();
  // Its own server: the mail's links must lead back to it (SITE_URL), and it counts every mail.
  const port = testPort(servers.port(0));
  const server = await startServer(servers.port(0), {
    DATA_DIR: tempDataDir(),
    ...OPERATOR_ENV,
    SITE_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    CHAT_EMAIL_DELAY: String(DELAY_SECONDS),
  });
  const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext(), browser.newContext()]);
  const [firstContext, operatorContext, resumeContext, eraseContext] = contexts;
  try {
    // A client of the agency already wrote from this address: typing it in the chat proves nothing.
    const client = await fetch(`${server.url}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77' },
      body: JSON.stringify({ name: 'Besucher Klient', email: 'besucher@example.com', message: 'Wir ziehen um.', consent: true, locale: 'de' }),
    });
    expect(client.status).toBe(201);
    const page = await firstContext!.newPage();
    await page.goto(`${server.url}/de/services`);
    const chat = new ChatWidgetPage(page);
    await chat.open('Chat öffnen');
    await chat.waitReady();
    const offer = chat.panel.getByTestId('chat-email-offer');
    // Offered once the visitor has written, not before.
    await expect(chat.panel.getByTestId('chat-status')).toHaveAttribute('data-online', 'false');
    await expect(offer).toHaveCount(0);
    await chat.send('Guten Tag, ich habe eine Frage zum Visum');
    await expect(offer).toContainText('Gerade ist niemand online: Hinterlassen Sie Ihre E-Mail-Adresse, und wir antworten Ihnen per E-Mail.');
    await expect(offer.getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/de/privacy');
    await expect(offer.getByRole('button', { name: 'Nein danke' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('offer-de.png') });

    // Keyboard only: from the message field back to the address field, a wrong address, then the right one.
    const field = offer.getByLabel('Ihre E-Mail-Adresse');
    await expect(chat.input).toBeFocused();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('Shift+Tab');
    await expect(field).toBeFocused();
    await page.keyboard.type('kein-gueltiger-wert');
    await page.keyboard.press('Enter');
    await expect(offer.getByRole('alert')).toHaveText('Geben Sie eine gültige E-Mail-Adresse ein.');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Besucher@Example.com');
    await page.keyboard.press('Enter');
    await expect(offer).toContainText('Unsere Antworten werden auch an besucher@example.com gesendet.');
    await expect(offer.getByRole('button', { name: 'Adresse ändern' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('address-saved-de.png') });
    const { id, token } = (await chat.storedSession())!;
    await page.close();

    // The operator sees the address (not verified) and replies; the visitor is gone.
    const operatorPage = await operatorContext!.newPage();
    await logIn(operatorPage, server.url);
    await operatorPage.locator(`a[data-session-id="${id}"]`).click();
    await expect(operatorPage.getByText('besucher@example.com (non vérifiée) · réponses envoyées par e-mail si non lues')).toBeVisible();
    // Not the client's name: the address is only typed, until the link mailed to it is opened.
    const listed = operatorPage.locator(`a[data-session-id="${id}"]`);
    await expect(listed).toContainText('Visiteur · Allemand');
    await expect(listed).not.toContainText('Besucher Klient');
    const replyField = operatorPage.getByPlaceholder('Tapez votre réponse...');
    await replyField.fill('Ihr Visum ist möglich.');
    await replyField.press('Enter');
    await replyField.fill('Schicken Sie mir bitte Ihren Pass.');
    await replyField.press('Enter');
    await expect(operatorPage.getByRole('log').getByText('Schicken Sie mir bitte Ihren Pass.')).toBeVisible();

    // Both unread replies in one German mail to the address, with the two links.
    await expect.poll(() => smtp.mails.length, { timeout: 30_000 }).toBe(1);
    const mail = smtp.mails[0]!;
    expect(mail.rcptTo).toEqual(['besucher@example.com']);
    const { text, headers } = parseMail(mail.raw);
    expect(headers.get('subject')).toContain('Maurice Expat hat Ihnen im Chat geantwortet');
    expect(text).toContain('Ein Berater hat Ihnen im Chat geantwortet (2 Nachrichten):');
    expect(text).toContain('Ihr Visum ist möglich.');
    expect(text).toContain('Schicken Sie mir bitte Ihren Pass.');
    expect(text).toContain('weil diese Adresse im Chat von');
    expect(text).not.toContain(token);
    const resumeUrl = linkIn(text, 'chat')!;
    const eraseUrl = linkIn(text, 'chat-erase')!;
    expect(resumeUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/de#chat=`));
    expect(eraseUrl).toBeTruthy();

    // The link back, in a browser that never saw the conversation: history shown, token out of the address.
    const resumed = await resumeContext!.newPage();
    await resumed.goto(resumeUrl);
    const again = new ChatWidgetPage(resumed);
    await expect(again.panel).toBeVisible();
    await expect(again.log.getByText('Guten Tag, ich habe eine Frage zum Visum')).toBeVisible();
    await expect(again.log.getByText('Schicken Sie mir bitte Ihren Pass.')).toBeVisible();
    expect(resumed.url()).toBe(`${server.url}/de`);
    await resumed.screenshot({ path: test.info().outputPath('resumed-de.png') });
    const own = (await again.storedSession())!;
    expect(own.id).toBe(id);
    expect(own.token).not.toBe(token);
    expect(resumeUrl).not.toContain(own.token);
    await again.waitReady();
    await again.send('Danke, hier ist mein Pass');
    await expect(operatorPage.getByRole('log').getByText('Danke, hier ist mein Pass')).toBeVisible();
    // The link was opened: the address is proven, the conversation joins the client's person.
    await operatorPage.reload();
    await expect(operatorPage.locator(`a[data-session-id="${id}"]`)).toContainText('Besucher Klient');

    // A reply the visitor reads (panel open) is not e-mailed.
    await replyField.fill('Danke, erhalten.');
    await replyField.press('Enter');
    await expect(again.log.getByText('Danke, erhalten.')).toBeVisible();
    await resumed.waitForTimeout((DELAY_SECONDS + 4) * 1000);
    expect(smtp.mails).toHaveLength(1);

    // The link opens the conversation once: opened again (a forwarded mail), it offers a new link,
    // which goes to the address, and that one opens the conversation.
    const reopened = await eraseContext!.newPage();
    await reopened.goto(resumeUrl);
    const deadLink = reopened.getByTestId('chat-dead-link');
    await expect(deadLink).toContainText('Dieser Link wurde bereits verwendet oder ist abgelaufen, oder die Unterhaltung wurde gelöscht.');
    await expect(new ChatWidgetPage(reopened).log.getByText('Schicken Sie mir bitte Ihren Pass.')).toHaveCount(0);
    await deadLink.getByRole('button', { name: 'Neuen Link per E-Mail erhalten' }).click();
    await expect(deadLink).toContainText('Ein neuer Link ist unterwegs an die Adresse, die diese E-Mail erhalten hat.');
    await expect.poll(() => smtp.mails.length).toBe(2);
    expect(smtp.mails[1]!.rcptTo).toEqual(['besucher@example.com']);
    const renewed = parseMail(smtp.mails[1]!.raw);
    expect(renewed.headers.get('subject')).toContain('Ihr neuer Link zum Chat von Maurice Expat');
    const newResumeUrl = linkIn(renewed.text, 'chat')!;
    expect(newResumeUrl).not.toBe(resumeUrl);
    await reopened.goto('about:blank');
    await reopened.goto(newResumeUrl);
    await expect(new ChatWidgetPage(reopened).log.getByText('Schicken Sie mir bitte Ihren Pass.')).toBeVisible();
    await reopened.close();

    // The erase link asks first (a mail scanner's GET erases nothing), then erases.
    const erasing = await eraseContext!.newPage();
    await erasing.goto(eraseUrl);
    const eraseChat = new ChatWidgetPage(erasing);
    await expect(eraseChat.panel.getByText('Diese Unterhaltung und alle Nachrichten endgültig löschen?')).toBeVisible();
    expect(erasing.url()).toBe(`${server.url}/de`);
    expect((await operatorPage.request.get(`${server.url}/api/admin/sessions/${id}`)).status()).toBe(200);
    await expect(eraseChat.panel.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await erasing.screenshot({ path: test.info().outputPath('erase-confirm-de.png') });
    await erasing.keyboard.press('Tab');
    await erasing.keyboard.press('Enter');
    await expect(erasing.getByText('Ihre Unterhaltung wurde gelöscht.')).toBeVisible();
    expect((await operatorPage.request.get(`${server.url}/api/admin/sessions/${id}`)).status()).toBe(404);
    const visitorApi = await fetch(`${server.url}/api/chat/sessions/${id}/messages`, { headers: { authorization: `Bearer ${token}` } });
    expect(visitorApi.status).toBe(403);
    // The link no longer opens anything.
    const dead = await fetch(`${server.url}/api/chat/resume`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: eraseUrl.split('=')[1] }),
    });
    expect(dead.status).toBe(403);
    const stale = await resumeContext!.newPage();
    await stale.goto(resumeUrl);
    await expect(stale.getByText('Dieser Link wurde bereits verwendet oder ist abgelaufen, oder die Unterhaltung wurde gelöscht.')).toBeVisible();
    expect(stale.url()).toBe(`${server.url}/de`);

    // Dismissed with "Nein danke": gone, the message field has the focus, and it stays gone after a reload.
    await operatorPage.close();
    const later = await eraseContext!.newPage();
    await later.goto(`${server.url}/de`);
    const fresh = new ChatWidgetPage(later);
    await fresh.open('Chat öffnen');
    await fresh.waitReady();
    await expect(fresh.panel.getByTestId('chat-status')).toHaveAttribute('data-online', 'false');
    await fresh.send('Noch eine Frage');
    const freshOffer = fresh.panel.getByTestId('chat-email-offer');
    await freshOffer.getByRole('button', { name: 'Nein danke' }).click();
    await expect(freshOffer).toHaveCount(0);
    await expect(fresh.input).toBeFocused();
    await later.reload();
    await fresh.open('Chat öffnen');
    await expect(fresh.log.getByText('Noch eine Frage')).toBeVisible();
    await expect(freshOffer).toHaveCount(0);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
    await server.stop();
    await smtp.close();
  }
});

test('the offer is never shown while an operator is online, nor without SMTP', async ({ browser, baseURL, servers }) => {
  test.setTimeout(120_000);
  // An instance of the worker's PostgreSQL pair, which has SMTP.
  const { a: server } = await servers.postgres();
  const context = await browser.newContext();
  try {
    const operatorPage = await context.newPage();
    await logIn(operatorPage, server.url);
    const page = await context.newPage();
    await page.goto(`${server.url}/de`);
    const chat = new ChatWidgetPage(page);
    await chat.open('Chat öffnen');
    await chat.waitReady();
    await expect(chat.panel.getByTestId('chat-status')).toHaveAttribute('data-online', 'true');
    await chat.send('Hallo');
    await expect(operatorPage.getByText('Hallo').first()).toBeVisible();
    await expect(chat.panel.getByTestId('chat-email-offer')).toHaveCount(0);
    // The suite's own server has no SMTP: replies cannot be e-mailed, so the widget never offers it.
    const status = await (await fetch(`${baseURL}/api/chat/status`)).json();
    expect(status.emailReplies).toBe(false);
    expect((await (await fetch(`${server.url}/api/chat/status`)).json()).emailReplies).toBe(true);
  } finally {
    await context.close();
  }
});

test('the address and link endpoints refuse bad input, other tokens, other sites and floods', async ({ baseURL }) => {
  const visitor = await createVisitor(baseURL!);
  const url = `${baseURL}/api/chat/sessions/${visitor.id}/email`;
  const json = { 'content-type': 'application/json', 'x-forwarded-for': '10.93.1.1' };
  const auth = { ...json, authorization: `Bearer ${visitor.token}` };
  const put = (body: unknown, headers: Record<string, string> = auth) => fetch(url, { method: 'PUT', headers, body: JSON.stringify(body) });

  const invalid = await put({ email: 'not-an-address' });
  expect(invalid.status).toBe(400);
  expect((await invalid.json()).error).toBe('invalid_email');
  const forged = await put({ email: 'a@example.com' }, { ...json, authorization: `Bearer ${'x'.repeat(43)}` });
  expect(forged.status).toBe(403);
  expect((await forged.json()).error).toBe('forbidden');
  const crossSite = await put({ email: 'a@example.com' }, { ...auth, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
  expect(crossSite.status).toBe(403);
  expect((await crossSite.json()).error).toBe('cross_origin');
  // The suite's server has no SMTP: a valid address is refused as such (409), and counts toward the limit.
  const statuses = [];
  for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await put({ email: `a${attempt}@example.com` })).status);
  expect(statuses.slice(0, 4)).toEqual([409, 409, 409, 409]);
  expect(statuses.at(-1)).toBe(429);
  expect((await fetch(url, { method: 'DELETE', headers: auth })).status).toBe(429);

  const resume = (token: string) =>
    fetch(`${baseURL}/api/chat/resume`, { method: 'POST', headers: { ...json, 'x-forwarded-for': '10.93.2.2' }, body: JSON.stringify({ token }) });
  const forgedLink = await resume('forged-link-token-forged-link-token-000');
  expect(forgedLink.status).toBe(403);
  expect((await forgedLink.json()).error).toBe('link_expired');
  expect((await resume('short')).status).toBe(400);
});

test('across two instances on PostgreSQL, a reply written on B is e-mailed exactly once while both run the job', async ({ servers }) => {
  test.setTimeout(180_000);
  // The worker's pair mails replies after one second (CHAT_EMAIL_DELAY) to the worker's listener.
  const { a, b } = await servers.postgres();
  const smtp = await servers.smtp();
  const tag = Date.now().toString(36);
  const ours = () => smtp.mails.filter((mail) => mail.rcptTo.some((to) => to.endsWith(`.${tag}@example.com`)));
  const login = await fetch(`${b.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.93.3.3' },
    body: JSON.stringify(E2E_OPERATOR),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const addresses: string[] = [];
  for (let index = 0; index < 6; index += 1) {
    const visitor = await createVisitor(a.url, 'it');
    expect((await visitor.send('Buongiorno')).status).toBe(201);
    const address = `visitatore${index}.${tag}@example.com`;
    const saved = await fetch(`${a.url}/api/chat/sessions/${visitor.id}/email`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${visitor.token}` },
      body: JSON.stringify({ email: address }),
    });
    expect(saved.status).toBe(200);
    const reply = await fetch(`${b.url}/api/admin/sessions/${visitor.id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ content: `Risposta numero ${index}` }),
    });
    expect(reply.status).toBe(201);
    addresses.push(address);
  }
  await expect.poll(() => ours().length, { timeout: 30_000 }).toBe(addresses.length);
  // Both instances keep running the job for a few more rounds (one a second): nothing is sent
  // twice. Waiting is the point here: the condition is that nothing more happens.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(
    ours()
      .map((mail) => mail.rcptTo.join())
      .sort(),
  ).toEqual([...addresses].sort());
  for (const [index, address] of addresses.entries()) {
    const mail = ours().find((received) => received.rcptTo.includes(address))!;
    expect(parseMail(mail.raw).text).toContain(`Risposta numero ${index}`);
  }
});
