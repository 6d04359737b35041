import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from './fixtures';
import { startServer, type NextServer } from './server-process';
import { requirePostgres } from './servers';

// Logging out, revoking or disabling an operator ends that session's event streams at once on
// the instance that did it, and within a second on the others (NOTIFY), not at the next 15-s
// heartbeat as before.

const OPERATOR = { email: 'logout-streams@example.test', password: 'logout-streams-password' };
const SESSION_SECRET = 'one-secret-shared-by-every-instance-0123456789';
const SECOND = 1000;

let database: ReturnType<typeof requirePostgres> | undefined;
let a: NextServer;
let b: NextServer;

test.beforeAll(async ({ servers }) => {
  test.setTimeout(120_000);
  // Instances of its own: the tests disable their operator.
  database = requirePostgres('logout_streams');
  const env = { DATABASE_URL: database.url, SESSION_SECRET, OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password };
  [a, b] = await Promise.all([startServer(servers.port(0), env), startServer(servers.port(1), env)]);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  database?.drop();
});

test.describe.configure({ mode: 'serial' });

async function login(server: NextServer): Promise<string> {
  const response = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.52.${Math.floor(Math.random() * 250)}` },
    body: JSON.stringify(OPERATOR),
  });
  expect(response.status).toBe(200);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** The console's event stream, open once the server's first comment arrived; `endedAt` is when the server ended it. */
async function openStream(server: NextServer, cookie: string) {
  const response = await fetch(`${server.url}/api/admin/events`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!text.includes(': connected')) text += (await reader.read()).value ?? '';
  const stream = { endedAt: 0, text };
  const ended = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      stream.text += value;
    }
    stream.endedAt = performance.now();
  })();
  return Object.assign(stream, { ended, stop: () => reader.cancel().catch(() => undefined) });
}

const cli = (script: string) =>
  promisify(execFile)('npm', ['run', '--silent', script, '--', '--email', OPERATOR.email], { env: { ...process.env, DATABASE_URL: database!.url } });

async function expectEndedBy(stream: Awaited<ReturnType<typeof openStream>>, deadline: number) {
  await Promise.race([stream.ended, new Promise((resolve) => setTimeout(resolve, deadline - performance.now() + 3 * SECOND))]);
  expect(stream.endedAt, 'the stream should have ended').toBeGreaterThan(0);
  expect(stream.text).toContain('event: closed\ndata: {"reason":"session_ended"}');
  expect(stream.endedAt).toBeLessThanOrEqual(deadline);
}

test('a request sent to instance A reaches the console stream open on B as a "changed" event without personal data', async () => {
  const onB = await openStream(b, await login(a));
  try {
    const lead = { name: 'Changed Person', email: 'changed.person@example.test', message: 'Un message pour le flux.', consent: true, locale: 'fr' };
    const response = await fetch(`${a.url}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.18.53.1' },
      body: JSON.stringify(lead),
    });
    expect(response.status).toBe(201);
    await expect.poll(() => onB.text, { timeout: 5 * SECOND }).toContain('event: changed\ndata: {"topic":"leads"}\n\n');
    await expect.poll(() => onB.text, { timeout: 5 * SECOND }).toContain('event: changed\ndata: {"topic":"people"}\n\n');
    expect(onB.text).not.toMatch(/Changed Person|changed\.person|pour le flux/);
  } finally {
    await onB.stop();
  }
});

test('logout on instance A ends the session’s stream on A at once and on B within a second', async () => {
  const cookie = await login(a);
  const [onA, onB] = await Promise.all([openStream(a, cookie), openStream(b, cookie)]);
  const started = performance.now();
  expect((await fetch(`${a.url}/api/admin/logout`, { method: 'POST', headers: { cookie } })).status).toBe(204);
  const answered = performance.now();
  await expectEndedBy(onA, answered + 250);
  await expectEndedBy(onB, answered + SECOND);
  console.log(
    `[logout] A's stream ended ${Math.round(onA.endedAt - started)} ms and B's ${Math.round(onB.endedAt - started)} ms after the logout was sent (answered in ${Math.round(answered - started)} ms)`,
  );
});

test('in Chromium, logging out of the console ends it quietly, and the console of another tab at once', async ({ browser }) => {
  const context = await browser.newContext();
  const [leaving, other] = [await context.newPage(), await context.newPage()];
  try {
    // The login screen first asks the API whether the cookie is already good (see AdminChatApp).
    const probe = leaving.waitForResponse('**/api/admin/sessions');
    await leaving.goto(`${a.url}/admin`);
    await probe;
    await leaving.getByLabel('Adresse e-mail').fill(OPERATOR.email);
    await leaving.getByLabel('Mot de passe').fill(OPERATOR.password);
    await leaving.getByRole('button', { name: 'Se connecter' }).click();
    await expect(leaving.getByText('En direct')).toBeVisible();
    // The other tab shares the cookie (one session), on the other instance.
    await other.goto(`${b.url}/admin`);
    await expect(other.getByText('En direct')).toBeVisible();
    await leaving.getByRole('button', { name: 'Déconnexion' }).click();
    await expect(leaving.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Se connecter' })).toBeVisible({ timeout: 3 * SECOND });
    // The tab that logged out says nothing about an expired session; the other one does.
    await expect(other.getByRole('alert').filter({ hasText: 'Votre session a expiré' })).toBeVisible();
    await expect(leaving.getByRole('alert').filter({ hasText: 'Erreur' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

for (const script of ['operator:revoke-sessions', 'operator:disable'] as const) {
  test(`${script} ends every stream of the operator on both instances within a second`, async () => {
    test.setTimeout(90_000);
    const [first, second] = [await login(a), await login(b)];
    const streams = await Promise.all([openStream(a, first), openStream(b, first), openStream(a, second), openStream(b, second)]);
    const started = performance.now();
    await cli(script);
    const done = performance.now();
    for (const stream of streams) await expectEndedBy(stream, done + SECOND);
    console.log(
      `[logout] ${script}: the command ran ${Math.round(done - started)} ms; streams ended ${streams.map((stream) => Math.round(stream.endedAt - done)).join(', ')} ms after it exited`,
    );
  });
}
