import { startSmtpPeer, startWebhookPeer } from '../support/peers';
import { E2E_OPERATOR } from '../../playwright.config';
import { createVisitor, operatorOn, startServer, startServerExpectingExit, tempDataDir } from './server-process';
import { expect, test } from './fixtures';
import { requirePostgres } from './servers';

const waitFor = async (check: () => boolean, what: string, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

test.describe('chat reliability', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an acknowledged message survives kill -9 of the server', async ({ servers }) => {
    const dataDir = tempDataDir();
    const first = await startServer(servers.port(0), { DATA_DIR: dataDir });
    const visitor = await createVisitor(first.url);
    const response = await visitor.send('Message avant le crash');
    expect(response.status).toBe(201);
    await first.stop('SIGKILL');
    const second = await startServer(servers.port(0), { DATA_DIR: dataDir });
    try {
      expect((await visitor.list(second.url)).map((m) => m.content)).toEqual(['Message avant le crash']);
    } finally {
      await second.stop();
    }
  });

  test('a second process on the same data folder stops at start with the reason and a non-zero exit', async ({ servers }) => {
    const dataDir = tempDataDir();
    const first = await startServer(servers.port(0), { DATA_DIR: dataDir });
    try {
      await createVisitor(first.url);
      const second = await startServerExpectingExit(servers.port(1), { DATA_DIR: dataDir });
      expect(second.code).not.toBe(0);
      expect(second.code).not.toBeNull();
      expect(second.output).toMatch(/already in use by another process \(pid \d+\)/);
      expect(second.ms).toBeLessThan(20_000);
      // The first one keeps its folder and keeps serving.
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      await createVisitor(first.url);
    } finally {
      await first.stop();
    }
  });

  test('with no operator account, the start log and the login screen say how to create one', async ({ servers }) => {
    const server = await startServer(servers.port(0), { DATA_DIR: tempDataDir(), OPERATOR_EMAIL: '', OPERATOR_PASSWORD: '' });
    try {
      expect(server.output()).toContain('npm run operator:add -- --email');
      const html = await (await fetch(`${server.url}/admin/conversations`)).text();
      expect(html).toContain('npm run operator:add -- --email');
      expect(html).toContain('Aucun compte opérateur');
    } finally {
      await server.stop();
    }
  });

  test('after a restart the stream resumes from Last-Event-ID with no duplicate and no loss', async ({ servers }) => {
    const dataDir = tempDataDir();
    let server = await startServer(servers.port(0), { DATA_DIR: dataDir });
    const visitor = await createVisitor(server.url);
    const stream = visitor.listen(server.url);
    await visitor.send('un');
    await waitFor(() => stream.received.length === 1, 'first message');
    await server.stop();
    await stream.stop();
    server = await startServer(servers.port(0), { DATA_DIR: dataDir });
    try {
      await visitor.send('deux');
      await visitor.send('trois');
      const resumed = visitor.listen(server.url, stream.received.at(-1)!.id);
      await visitor.send('quatre');
      await waitFor(() => resumed.received.length === 3, 'replayed and live messages');
      await resumed.stop();
      expect([...stream.received, ...resumed.received].map((m) => m.content)).toEqual(['un', 'deux', 'trois', 'quatre']);
    } finally {
      await server.stop();
    }
  });

  test('two instances sharing PostgreSQL: a visitor on A and the operator on B talk in real time', async ({ servers }) => {
    const { a, b } = await servers.postgres();
    const visitor = await createVisitor(a.url, 'de');
    const onA = visitor.listen(a.url);
    const operator = await operatorOn(b.url, E2E_OPERATOR);
    const console_ = operator.listen();
    await Promise.all([onA.opened, console_.opened]);
    for (const text of ['eins', 'zwei']) expect((await visitor.send(text, a.url)).status).toBe(201);
    await waitFor(() => console_.received.filter((m) => m.sessionId === visitor.id).length === 2, 'visitor messages sent on A to reach the operator on B');
    expect((await operator.reply(visitor.id, 'Guten Tag')).status).toBe(201);
    await waitFor(() => onA.received.length === 3, 'the reply sent on B to reach the visitor on A');
    await Promise.all([onA.stop(), console_.stop()]);
    expect(onA.received.map((m) => m.content)).toEqual(['eins', 'zwei', 'Guten Tag']);
  });

  test("a visitor token never opens another visitor's conversation", async ({ baseURL }) => {
    const mine = await createVisitor(baseURL!);
    const theirs = await createVisitor(baseURL!);
    await theirs.send('privé');
    for (const path of ['messages', 'events']) {
      const response = await fetch(`${baseURL}/api/chat/sessions/${theirs.id}/${path}`, { headers: { authorization: `Bearer ${mine.token}` } });
      expect(response.status, path).toBe(403);
    }
    const post = await fetch(`${baseURL}/api/chat/sessions/${theirs.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mine.token}`, 'content-type': 'application/json' },
      body: '{"content":"intrusion"}',
    });
    expect(post.status).toBe(403);
    expect((await fetch(`${baseURL}/api/chat/sessions/${theirs.id}/messages`)).status).toBe(401);
  });

  test('after a server restart the console catches up with no duplicate and no loss', async ({ page, servers }) => {
    const env = { DATA_DIR: tempDataDir(), OPERATOR_EMAIL: E2E_OPERATOR.email, OPERATOR_PASSWORD: E2E_OPERATOR.password };
    let server = await startServer(servers.port(0), env);
    const visitor = await createVisitor(server.url);
    await visitor.send('avant le redémarrage');
    await page.goto(`${server.url}/admin`);
    await page.getByLabel('Adresse e-mail').fill(E2E_OPERATOR.email);
    await page.getByLabel('Mot de passe').fill(E2E_OPERATOR.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.locator(`a[data-session-id="${visitor.id}"]`).click();
    const pane = page.getByRole('log');
    await expect(pane.getByText('avant le redémarrage')).toHaveCount(1);
    // With a console connected, SIGTERM still stops the server at once (it used to wait until killed
    // while the console reconnected over a kept-alive socket).
    const stopping = Date.now();
    await server.stop();
    expect(Date.now() - stopping).toBeLessThan(5_000);
    server = await startServer(servers.port(0), env);
    try {
      await visitor.send('après le redémarrage', server.url);
      await expect(pane.getByText('après le redémarrage')).toHaveCount(1, { timeout: 30_000 });
      await expect(pane.getByText('avant le redémarrage')).toHaveCount(1);
    } finally {
      await server.stop();
    }
  });

  test('an unreachable database answers 503 with a clear message and the site stays up', async ({ servers }) => {
    const server = await startServer(servers.port(0), { DATABASE_URL: 'postgresql://nobody@127.0.0.1:9/none' }, { ready: 'http' });
    try {
      const response = await fetch(`${server.url}/api/chat/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"locale":"en","startPage":"/en"}',
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ error: 'unavailable' });
      expect((await fetch(`${server.url}/en`)).status).toBe(200);
      expect(server.process.exitCode).toBeNull();
    } finally {
      await server.stop();
    }
  });

  test('a PostgreSQL database missing at start is picked up by itself once it exists', async ({ servers }) => {
    const database = requirePostgres('late_e2e', { create: false });
    const server = await startServer(servers.port(0), { DATABASE_URL: database.url }, { ready: 'http' });
    try {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(503);
      database.create();
      await expect.poll(async () => (await fetch(`${server.url}/api/health`)).status, { timeout: 40_000 }).toBe(200);
      expect((await createVisitor(server.url).then((visitor) => visitor.send('de retour'))).status).toBe(201);
    } finally {
      await server.stop();
      database.drop();
    }
  });
});

test.describe('operator notifications', () => {
  test('a new conversation reaches a real SMTP listener and webhook receiver, without slowing the visitor', async ({ servers }) => {
    const smtp = await startSmtpPeer();
    const webhook = await startWebhookPeer();
    const server = await startServer(servers.port(0), {
      DATA_DIR: tempDataDir(),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NOTIFY_EMAIL_TO: 'operateur@example.test',
      NOTIFY_WEBHOOK_URL: webhook.url,
    });
    try {
      const visitor = await createVisitor(server.url, 'it');
      expect((await visitor.send('Buongiorno, <b>vorrei</b> informazioni')).status).toBe(201);
      await waitFor(() => smtp.mails.length === 1 && webhook.requests.length === 1, 'e-mail and webhook');
      expect(smtp.mails[0]!.rcptTo).toEqual(['operateur@example.test']);
      expect(smtp.mails[0]!.raw).toContain(visitor.id);
      const payload = JSON.parse(webhook.requests[0]!.body);
      expect(payload).toMatchObject({ type: 'chat_message', firstOfConversation: true, session: { id: visitor.id, locale: 'it' } });
    } finally {
      await server.stop();
      await smtp.close();
      await webhook.close();
    }
  });

  test('a failing SMTP server and webhook never block the visitor', async ({ servers }) => {
    const server = await startServer(servers.port(0), {
      DATA_DIR: tempDataDir(),
      SMTP_URL: 'smtp://127.0.0.1:9',
      NOTIFY_EMAIL_TO: 'operateur@example.test',
      NOTIFY_WEBHOOK_URL: 'http://127.0.0.1:9/hook',
    });
    try {
      const visitor = await createVisitor(server.url);
      const started = Date.now();
      expect((await visitor.send('Bonjour')).status).toBe(201);
      expect(Date.now() - started).toBeLessThan(2000);
      await waitFor(() => /notify|SMTP|webhook/i.test(server.output()), 'the failure to be logged');
    } finally {
      await server.stop();
    }
  });
});
