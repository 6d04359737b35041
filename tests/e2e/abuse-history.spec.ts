import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { ChatWidgetPage, WIDGET_TEXTS } from './chat-widget-helpers';
import { E2E_OPERATOR as OPERATOR } from '../../playwright.config';
import { createVisitor, operatorOn, startServer, type NextServer } from './server-process';
import { OPERATOR_ENV, requirePostgres } from './servers';

// Long histories are written straight into PostgreSQL (the per-conversation send limit would
// take half an hour to fill one); every read and refusal then goes through the running server.

type Page = { messages: { id: number; content: string }[]; before: number | null; after: number | null };

test.describe('chat history: pages, replay cap, message cap, read limits', () => {
  test.describe.configure({ mode: 'serial' });
  let server: NextServer;
  let database: ReturnType<typeof requirePostgres> | undefined;
  let databaseUrl: string;
  const sql = (query: string) => execFileSync('psql', [databaseUrl, '-qtAc', query], { encoding: 'utf8' }).trim();
  /** `count` messages in the conversation, alternating visitor and operator unless a sender is given. */
  const seed = (sessionId: string, count: number, sender?: 'visitor' | 'operator') =>
    sql(
      `insert into messages (session_id, sender, content) select '${sessionId}', ` +
        (sender ? `'${sender}'` : `case when n % 2 = 0 then 'visitor' else 'operator' end`) +
        `, 'seeded ' || n from generate_series(1, ${count}) as n`,
    );

  // A database and server of its own: the thousands of messages it seeds directly would otherwise
  // sit in the console of every later test on the worker's pair.
  test.beforeAll(async ({ servers }) => {
    test.setTimeout(120_000);
    database = requirePostgres('abuse_history');
    databaseUrl = database.url;
    server = await startServer(servers.port(0), { DATABASE_URL: databaseUrl, ...OPERATOR_ENV });
  });
  test.afterAll(async () => {
    await server?.stop();
    database?.drop();
  });

  test('a 250-message history is read 100 at a time, by the visitor and the operator, with a cursor', async () => {
    const visitor = await createVisitor(server.url);
    seed(visitor.id, 250);
    const all = sql(`select id from messages where session_id = '${visitor.id}' order by id`).split('\n').map(Number);
    const headers = { authorization: `Bearer ${visitor.token}`, 'x-forwarded-for': '198.18.90.1' };
    const read = async (query = ''): Promise<Page> => {
      const response = await fetch(`${server.url}/api/chat/sessions/${visitor.id}/messages${query}`, { headers });
      expect(response.status).toBe(200);
      return (await response.json()) as Page;
    };
    const ids = (page: Page) => page.messages.map((message) => message.id);

    const latest = await read();
    expect(ids(latest)).toEqual(all.slice(150));
    expect(latest.before).toBe(all[150]);
    const middle = await read(`?before=${latest.before}`);
    expect(ids(middle)).toEqual(all.slice(50, 150));
    const oldest = await read(`?before=${middle.before}`);
    expect(ids(oldest)).toEqual(all.slice(0, 50));
    expect(oldest.before).toBeNull();
    // Forward from the start, as a client catching up would.
    const forward = await read('?after=0');
    expect(ids(forward)).toEqual(all.slice(0, 100));
    expect(ids(await read(`?after=${forward.after}`))).toEqual(all.slice(100, 200));

    const operator = await operatorOn(server.url, OPERATOR);
    const open = async (query = '') => {
      const response = await fetch(`${server.url}/api/admin/sessions/${visitor.id}${query}`, { headers: { cookie: operator.cookie } });
      expect(response.status).toBe(200);
      return (await response.json()) as Page;
    };
    const latestInConsole = await open();
    expect(ids(latestInConsole)).toEqual(all.slice(150));
    expect(ids(await open(`?before=${latestInConsole.before}`))).toEqual(all.slice(50, 150));
  });

  test('a replay from Last-Event-ID: 0 stops at 500 messages', async () => {
    const visitor = await createVisitor(server.url);
    seed(visitor.id, 600);
    const first = Number(sql(`select min(id) from messages where session_id = '${visitor.id}'`));
    const stream = visitor.listen(server.url, 0);
    try {
      await expect.poll(() => stream.received.length, { timeout: 20_000 }).toBe(500);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(stream.received).toHaveLength(500);
      expect(stream.received[0]!.id).toBe(first);
      expect(stream.received.at(-1)!.content).toBe('seeded 500');
    } finally {
      await stream.stop();
    }
  });

  test('a conversation holds 500 visitor messages: the next is refused with 409, a retry of a saved one still answers 200', async () => {
    const visitor = await createVisitor(server.url);
    seed(visitor.id, 499, 'visitor');
    // The operator's messages do not count.
    seed(visitor.id, 20, 'operator');
    const send = (content: string, clientId: string) =>
      fetch(`${server.url}/api/chat/sessions/${visitor.id}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${visitor.token}`, 'content-type': 'application/json', 'x-forwarded-for': '198.18.90.2' },
        body: JSON.stringify({ content, clientId }),
      });
    const last = await send('The 500th', 'history-cap-0500');
    expect(last.status).toBe(201);
    const saved = ((await last.json()) as { message: { id: number } }).message;

    const refused = await send('One more', 'history-cap-0501');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'conversation_full' });
    expect(sql(`select count(*) from messages where session_id = '${visitor.id}' and sender = 'visitor'`)).toBe('500');

    const retried = await send('The 500th', 'history-cap-0500');
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as { message: { id: number } }).message.id).toBe(saved.id);
  });

  test('the widget explains the full conversation in the visitor’s language', async ({ page }) => {
    const expected = (JSON.parse(readFileSync('messages/de.json', 'utf8')) as { ChatWidget: { conversationFull: string } }).ChatWidget.conversationFull;
    await page.goto(`${server.url}/de`);
    const widget = new ChatWidgetPage(page);
    await widget.open(WIDGET_TEXTS.de.open);
    await widget.waitReady();
    const stored = await widget.storedSession();
    seed(stored!.id, 500, 'visitor');
    await widget.send('Noch eine Frage', { expectShown: false });
    // (The panel may also hold the e-mail offer's own status line: the worker's servers have SMTP.)
    await expect(widget.panel.getByRole('status').filter({ hasText: expected })).toHaveCount(1);
    await expect(widget.input).toBeDisabled();
  });

  test('the widget shows the latest 100 messages and loads the earlier ones on demand', async ({ page }) => {
    await page.goto(`${server.url}/en`);
    const widget = new ChatWidgetPage(page);
    await widget.open(WIDGET_TEXTS.en.open);
    await widget.waitReady();
    const stored = await widget.storedSession();
    seed(stored!.id, 150);
    await page.reload();
    // The seeded operator messages are unread: the launcher may say how many ("… 50 unread messages").
    await widget.open(new RegExp(`^${WIDGET_TEXTS.en.open}`));
    await expect(widget.log.getByRole('listitem')).toHaveCount(100);
    await expect(widget.log.getByRole('listitem').first()).toContainText('seeded 51');
    await widget.panel.getByRole('button', { name: 'Earlier messages' }).click();
    await expect(widget.log.getByRole('listitem')).toHaveCount(150);
    await expect(widget.log.getByRole('listitem').first()).toContainText('seeded 1');
    await expect(widget.panel.getByRole('button', { name: 'Earlier messages' })).toHaveCount(0);
  });

  test('history reads are rate-limited per conversation and per client address, with Retry-After', async () => {
    const visitor = await createVisitor(server.url);
    const read = (client: string, token = visitor.token, id = visitor.id) =>
      fetch(`${server.url}/api/chat/sessions/${id}/messages`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': client } });
    const statuses = async (requests: (() => Promise<Response>)[]) => {
      const answers: Response[] = [];
      for (let i = 0; i < requests.length; i += 20) {
        answers.push(...(await Promise.all(requests.slice(i, i + 20).map((request) => request()))));
      }
      return answers;
    };

    // One conversation: 60 reads a minute, from wherever they come.
    const own = await statuses(Array.from({ length: 60 }, (_, i) => () => read(`198.18.91.${i % 3}`)));
    expect(own.every((answer) => answer.status === 200)).toBe(true);
    const over = await read('198.18.91.9');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);

    // One client address: 240 reads a minute, even with made-up conversations and no valid token.
    const madeUp = (i: number) => `session_1763712345678_${String(i).padStart(12, '0')}`;
    const flood = await statuses(Array.from({ length: 240 }, (_, i) => () => read('198.18.92.1', 'x'.repeat(43), madeUp(i))));
    expect(flood.every((answer) => answer.status === 403)).toBe(true);
    const flooded = await read('198.18.92.1', 'x'.repeat(43), 'session_1763712345678_aaaaaaaaaaaa');
    expect(flooded.status).toBe(429);
    expect(Number(flooded.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address and another conversation read on.
    const other = await createVisitor(server.url);
    expect((await read('198.18.92.2', other.token, other.id)).status).toBe(200);
  });
});
