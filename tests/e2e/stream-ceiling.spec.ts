import { rmSync } from 'node:fs';
import { ChatWidgetPage } from './chat-widget-helpers';
import { expect, test } from './fixtures';
import { createVisitor, listenToStream, operatorOn, startServer, tempDataDir, type NextServer } from './server-process';
import { OPERATOR_ENV } from './servers';
import { E2E_OPERATOR } from '../../playwright.config';

// A process holds at most MAX_EVENT_STREAMS event streams (issue 33): past it a visitor's new stream
// is answered 503 with Retry-After, the widget says the chat is busy and keeps what the visitor writes
// until its stream is admitted; an operator's console is never refused. A server of its own: the
// ceiling counts every stream of the process.

const CEILING = 2;

test.describe('the ceiling of event streams', () => {
  test.describe.configure({ mode: 'serial' });
  let server: NextServer;
  let dataDir = '';

  test.beforeAll(async ({ servers }) => {
    test.setTimeout(120_000);
    dataDir = tempDataDir();
    server = await startServer(servers.port(2), { ...OPERATOR_ENV, DATA_DIR: dataDir, MAX_EVENT_STREAMS: String(CEILING) });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Visitors' streams that fill the process up to its ceiling, each admitted before the next opens. */
  async function fillCeiling() {
    const streams = [];
    for (let i = 0; i < CEILING; i += 1) {
      const visitor = await createVisitor(server.url);
      const stream = visitor.listen();
      await stream.opened;
      streams.push(stream);
    }
    return streams;
  }

  test("past the ceiling a visitor's stream is refused with 503 and Retry-After, the console's is admitted, pages still answer", async () => {
    const fillers = await fillCeiling();
    try {
      const late = await createVisitor(server.url);
      const refused = await fetch(`${server.url}/api/chat/sessions/${late.id}/events`, {
        headers: { authorization: `Bearer ${late.token}`, 'x-forwarded-for': '198.18.90.1' },
      });
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ error: 'busy' });

      // Above the ceiling: the operator's stream opens and carries a visitor's new message.
      const operator = await operatorOn(server.url, E2E_OPERATOR);
      const console_ = listenToStream(`${server.url}/api/admin/events`, { cookie: operator.cookie });
      await console_.opened;
      expect(console_.ended()).toBe(false);
      expect((await late.send('Message vu par la console au-dessus du plafond')).status).toBe(201);
      await expect.poll(() => console_.events.some((event) => event.event === 'message' && event.data.includes('au-dessus du plafond'))).toBe(true);
      await console_.stop();

      expect((await fetch(`${server.url}/fr/contact`)).status).toBe(200);
    } finally {
      await Promise.all(fillers.map((stream) => stream.stop()));
    }
  });

  test('the widget says the chat is busy, keeps the message, and sends it once its stream is admitted', async ({ page }) => {
    test.setTimeout(120_000);
    await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': '198.18.90.2' });
    const fillers = await fillCeiling();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/chat\/sessions\/[^/]+\/messages$/.test(request.url())) posts.push(request.url());
    });
    await page.goto(`${server.url}/fr`);
    const chat = new ChatWidgetPage(page);
    await chat.open();
    await chat.waitReady();
    await expect(chat.panel.getByRole('status')).toContainText('Le chat est très demandé en ce moment');

    await chat.send('Écrit pendant que le chat était plein');
    const pending = chat.log.getByRole('listitem').filter({ hasText: 'Écrit pendant que le chat était plein' });
    await expect(pending).toHaveAttribute('data-pending', 'true');
    // Kept in the browser, not sent while the server is full.
    await page.waitForTimeout(2000);
    expect(posts).toEqual([]);
    const session = (await chat.storedSession())!;
    const operator = await operatorOn(server.url, E2E_OPERATOR);
    const before = await fetch(`${server.url}/api/admin/sessions/${session.id}`, { headers: { cookie: operator.cookie } });
    expect(JSON.stringify(await before.json())).not.toContain('Écrit pendant que le chat était plein');

    // A place frees up: the widget's next try is admitted and sends. The widget waits Retry-After (15 s)
    // plus up to as much again, or less when the network comes back (tests/unit/chat/event-stream.test.ts
    // proves the wait): an `online` event asks again now, repeated until the server has let the place go.
    await fillers[0]!.stop();
    const status = chat.panel.getByRole('status');
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.dispatchEvent(new Event('online')));
          return (await status.textContent())?.trim();
        },
        { timeout: 45_000, intervals: [500, 1_000, 2_000] },
      )
      .toBe('');
    await expect(pending).not.toHaveAttribute('data-pending', 'true', { timeout: 10_000 });
    expect(posts).toHaveLength(1);
    const after = await fetch(`${server.url}/api/admin/sessions/${session.id}`, { headers: { cookie: operator.cookie } });
    expect(JSON.stringify(await after.json())).toContain('Écrit pendant que le chat était plein');
    await fillers[1]!.stop();
  });
});
