import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { E2E_OPERATOR } from '../../playwright.config';
import { openConsole } from './console-login';
import { axeViolations, expect, test } from './fixtures';
import { startPushService, type PushService } from './push-service';
import { createVisitor, operatorOn } from './server-process';
import { PAIR_VAPID } from './servers';

// Web Push end to end on the `postgres` pair (two instances, one PostgreSQL database, PAIR_VAPID,
// PUSH_UNREAD_DELAY=1): a local push service that speaks the real protocol (tests/e2e/push-service.ts
// verifies every VAPID signature and decrypts every payload with the device's private key).

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

type Operator = Awaited<ReturnType<typeof operatorOn>>;

async function api<T = Record<string, unknown>>(
  base: string,
  op: Operator,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { cookie: op.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (response.status === 204 ? {} : await response.json()) as T };
}

type Device = { id: number; name: string };
const deviceIds = async (base: string, op: Operator) =>
  (await api<{ devices: Device[] }>(base, op, 'GET', '/api/admin/push')).body.devices.map((device) => device.id);

/** Every device got the event exactly once, and nothing more came for it in the next seconds. */
async function expectOnce(service: PushService, tag: string | RegExp, devices: string[]) {
  const matching = () => service.received((delivery) => (typeof tag === 'string' ? delivery.payload.tag === tag : tag.test(delivery.payload.tag)));
  await expect.poll(() => matching().length, { timeout: 20_000 }).toBe(devices.length);
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const received = matching();
  expect(received.map((delivery) => delivery.device).sort()).toEqual([...devices].sort());
  return received[0]!;
}

test('push notifications reach each device once across two instances, retry a 429, and stop on 410 and at logout', async ({ servers }) => {
  test.setTimeout(150_000);
  const { a, b, databaseUrl } = await servers.postgres();
  const sql = (query: string) => execFileSync('psql', [databaseUrl, '-qtAc', query], { encoding: 'utf8' }).trim();
  const service = await startPushService({ vapidPublicKey: PAIR_VAPID.publicKey });
  const onA = await operatorOn(a.url, E2E_OPERATOR);
  const onB = await operatorOn(b.url, E2E_OPERATOR);
  try {
    // Both instances give out the one shared key; lock screens show no message text by default.
    for (const [base, op] of [
      [a.url, onA],
      [b.url, onB],
    ] as const) {
      expect((await api(base, op, 'GET', '/api/admin/push')).body).toMatchObject({ publicKey: PAIR_VAPID.publicKey, hideText: true });
    }
    // The operator turns the text on (the hidden form is checked below).
    expect((await api(a.url, onA, 'PATCH', '/api/admin/push', { hideText: false })).status).toBe(200);
    const phone = service.subscribe();
    const laptop = service.subscribe();
    const subscribedPhone = await api<{ device: Device }>(
      a.url,
      onA,
      'POST',
      '/api/admin/push/devices',
      { subscription: phone.json },
      { 'user-agent': ANDROID },
    );
    expect(subscribedPhone).toMatchObject({ status: 201, body: { device: { name: 'Chrome · Android' } } });
    expect((await api(b.url, onB, 'POST', '/api/admin/push/devices', { subscription: laptop.json, name: 'Bureau' })).status).toBe(201);
    const both = [phone.id, laptop.id];

    await test.step('a new conversation, on instance A', async () => {
      const visitor = await createVisitor(a.url, 'de');
      expect((await visitor.send('Guten Tag, ich möchte nach Mauritius ziehen', a.url)).status).toBe(201);
      const delivery = await expectOnce(service, `conversation:${visitor.id}`, both);
      expect(delivery.payload).toEqual({
        title: 'Nouvelle conversation',
        body: 'Visiteur · Allemand : « Guten Tag, ich möchte nach Mauritius ziehen »',
        url: `/admin/conversations/${visitor.id}`,
        tag: `conversation:${visitor.id}`,
      });
      expect(delivery).toMatchObject({ urgency: 'high', claims: { aud: service.origin } });

      await test.step('then a message left unread for PUSH_UNREAD_DELAY, on instance B (both instances run the job)', async () => {
        const sent = await visitor.send('Sind Sie noch da?', b.url);
        const { message } = (await sent.json()) as { message: { id: number } };
        const unread = await expectOnce(service, `unread:${visitor.id}:${message.id}`, both);
        expect(unread.payload).toMatchObject({
          title: 'Message non lu',
          body: 'Visiteur · Allemand : « Sind Sie noch da? »',
          url: `/admin/conversations/${visitor.id}`,
        });
      });
    });

    await test.step('with message text hidden: a new request, then its follow-up coming due', async () => {
      expect((await api(a.url, onA, 'PATCH', '/api/admin/push', { hideText: true })).status).toBe(200);
      const email = `anna.${randomBytes(3).toString('hex')}@example.com`;
      const lead = await fetch(`${b.url}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${randomBytes(2).join('.')}` },
        body: JSON.stringify({ name: 'Anna Weber', email, message: 'Wir ziehen 2027 mit zwei Kindern um.', consent: true, locale: 'de' }),
      });
      expect(lead.status).toBe(201);
      const { id } = (await lead.json()) as { id: number };
      // The request's own person (its id), never another person who typed the same address.
      const person = sql(`select person_id from leads where id = ${id}`);
      const request = await expectOnce(service, `lead:${id}`, both);
      expect(request.payload).toEqual({
        title: 'Nouvelle demande',
        body: 'Nouvelle demande de Anna Weber',
        url: `/admin/people/${person}`,
        tag: `lead:${id}`,
      });
      sql(
        `insert into person_records (key, person_id, follow_up_at, follow_up_reason) values ('person:${person}', ${person}, now() - interval '1 minute', 'Envoyer le devis')`,
      );
      const followUp = await expectOnce(service, new RegExp(`^follow-up:${person}:`), both);
      expect(followUp.payload).toMatchObject({
        title: 'Relance à faire',
        body: 'Relance prévue : Anna Weber',
        url: `/admin/people/${person}`,
      });
      expect(JSON.stringify(service.received())).not.toContain('Wir ziehen 2027');
      expect((await api(a.url, onA, 'PATCH', '/api/admin/push', { hideText: false })).status).toBe(200);
    });

    await test.step('a 429 (Retry-After: 1) then a 503 are retried with back-off, and the push arrives once', async () => {
      service.answer(phone.id, { status: 429, retryAfter: '1' }, { status: 503 });
      const { body } = await api<{ devices: number }>(a.url, onA, 'POST', '/api/admin/push/test');
      expect(body.devices).toBe(2);
      await expect
        .poll(() => service.deliveries.filter((delivery) => delivery.device === phone.id && delivery.payload.tag.startsWith('test:')).length, {
          timeout: 20_000,
        })
        .toBe(3);
      const attempts = service.deliveries.filter((delivery) => delivery.device === phone.id && delivery.payload.tag.startsWith('test:'));
      expect(attempts.map((attempt) => attempt.status)).toEqual([429, 503, 201]);
      expect(new Set(attempts.map((attempt) => attempt.payload.tag)).size).toBe(1);
      expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(950);
      expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1_950);
      expect(service.received((delivery) => delivery.device === laptop.id && delivery.payload.tag === attempts[0]!.payload.tag)).toHaveLength(1);
    });

    await test.step('a 410 removes the device', async () => {
      const laptopId = (await deviceIds(a.url, onA)).find((id) => id !== subscribedPhone.body.device.id)!;
      service.answer(laptop.id, { status: 410 });
      await api(b.url, onB, 'POST', '/api/admin/push/test');
      await expect.poll(() => deviceIds(a.url, onA), { timeout: 15_000 }).not.toContain(laptopId);
      expect(await deviceIds(a.url, onA)).toContain(subscribedPhone.body.device.id);
    });

    await test.step('logging out removes the devices that session subscribed, and only those', async () => {
      const onTablet = await operatorOn(b.url, E2E_OPERATOR);
      const tablet = service.subscribe();
      const { body } = await api<{ device: Device }>(b.url, onTablet, 'POST', '/api/admin/push/devices', { subscription: tablet.json });
      expect(await deviceIds(a.url, onA)).toContain(body.device.id);
      expect((await api(b.url, onTablet, 'POST', '/api/admin/logout')).status).toBe(204);
      expect(await deviceIds(a.url, onA)).toEqual([subscribedPhone.body.device.id]);
      const before = service.received((delivery) => delivery.device === tablet.id).length;
      await api(a.url, onA, 'POST', '/api/admin/push/test');
      await expect.poll(() => service.received((delivery) => delivery.device === phone.id).length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(service.received((delivery) => delivery.device === tablet.id)).toHaveLength(before);
    });

    expect(service.errors).toEqual([]);
  } finally {
    // Logging out removes what these sessions subscribed: the pair's later tests push to nobody.
    await api(a.url, onA, 'PATCH', '/api/admin/push', { hideText: true }).catch(() => undefined);
    await Promise.all(
      [onA, onB].map((op) =>
        fetch(`${op === onA ? a.url : b.url}/api/admin/logout`, { method: 'POST', headers: { cookie: op.cookie } }).catch(() => undefined),
      ),
    );
    await service.close();
  }
});

test('in Chromium, the console lists, renames and removes devices, sends a test, and explains why this browser cannot subscribe', async ({ page, servers }) => {
  test.setTimeout(90_000);
  const { a } = await servers.postgres();
  const service = await startPushService({ vapidPublicKey: PAIR_VAPID.publicKey });
  try {
    await page.context().grantPermissions(['notifications'], { origin: a.url });
    await openConsole(page, a.url);
    await page.getByRole('link', { name: 'Notifications', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Notifications sur vos appareils' })).toBeVisible();
    await expect(page.getByText('Aucun appareil ne reçoit les notifications.')).toBeVisible();

    // Headless Chromium has no push service: the console says so instead of failing silently
    // (no service worker yet, or a subscription the browser cannot make).
    await page.getByRole('button', { name: 'Recevoir les notifications sur cet appareil' }).click();
    await expect(page.getByText(/ne sont pas disponibles dans ce navigateur|n'a pas pu s'abonner/)).toBeVisible();

    // What a browser with a push service would post, with the test's own keys.
    const device = service.subscribe();
    const status = await page.evaluate(
      async (subscription) =>
        (await fetch('/api/admin/push/devices', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ subscription }) }))
          .status,
      device.json,
    );
    expect(status).toBe(201);
    await page.getByRole('link', { name: 'Conversations', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Conversations', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('link', { name: 'Notifications', exact: true }).click();
    const list = page.locator('ul').filter({ has: page.locator('[data-device-id]') });
    await expect(list.getByText('Chrome · Windows')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Renommer Chrome · Windows' }).click();
    await page.getByLabel("Nom de l'appareil").fill('Ordinateur du bureau');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(list.getByText('Ordinateur du bureau')).toBeVisible();

    const hideText = page.getByLabel("Masquer le texte des messages sur l'écran verrouillé");
    const stored = async () => page.evaluate(async () => ((await (await fetch('/api/admin/push')).json()) as { hideText: boolean }).hideText);
    await hideText.uncheck();
    await expect.poll(stored).toBe(false);
    await hideText.check();
    await expect.poll(stored).toBe(true);

    await page.getByRole('button', { name: 'Envoyer une notification de test' }).click();
    await expect(page.getByText('Notification envoyée à 1 appareil.')).toBeVisible();
    // Only the test push counts: a device that subscribes also gets what is still due on the shared
    // database (unread messages of the last hour, follow-ups of the last day) from earlier tests.
    const testPushes = () => service.received((delivery) => delivery.device === device.id && delivery.payload.title === 'Notification de test');
    await expect.poll(() => testPushes().length).toBe(1);
    expect(testPushes()[0]!.payload).toMatchObject({ title: 'Notification de test', url: '/admin/conversations' });

    await page.getByRole('button', { name: 'Retirer Ordinateur du bureau' }).click();
    await expect(page.getByText('Aucun appareil ne reçoit les notifications.')).toBeVisible();
    expect(service.errors).toEqual([]);
  } finally {
    await service.close();
  }
});
