import { expect, test } from './fixtures';
import { E2E_OPERATOR as OPERATOR } from '../../playwright.config';
import { listenToStream, type NextServer } from './server-process';

async function newSession(server: NextServer, client: string) {
  const response = await fetch(`${server.url}/api/chat/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ locale: 'fr', startPage: '/fr' }),
  });
  const { id, token } = (await response.json()) as { id: string; token: string };
  const streamOf = () => listenToStream(`${server.url}/api/chat/sessions/${id}/events`, { authorization: `Bearer ${token}`, 'x-forwarded-for': client });
  return { id, streamOf };
}

const closedWith = (reason: string) => ({ event: 'closed', data: JSON.stringify({ reason }) });

test.describe('event streams', () => {
  let server: NextServer;
  test.beforeAll(async ({ servers }) => {
    server = await servers.server('embedded');
  });

  test('a conversation keeps at most 3 streams: the oldest is closed with a reason and ends', async () => {
    const session = await newSession(server, '198.18.77.1');
    const streams: ReturnType<typeof listenToStream>[] = [];
    // One after the other, each registered before the next opens: the first is the oldest.
    for (let i = 0; i < 4; i += 1) {
      streams.push(session.streamOf());
      await streams.at(-1)!.opened;
    }
    await expect.poll(() => streams[0]!.ended()).toBe(true);
    expect(streams[0]!.events).toContainEqual(closedWith('too_many_streams'));
    for (const stream of streams.slice(1)) expect(stream.ended()).toBe(false);
    await Promise.all(streams.map((stream) => stream.stop()));
  });

  test('a client keeps at most 20 streams across its conversations', async () => {
    const client = '198.18.77.2';
    const sessions = [];
    for (let i = 0; i < 7; i += 1) sessions.push(await newSession(server, client));
    const streams: ReturnType<typeof listenToStream>[] = [];
    for (const session of sessions) {
      for (let i = 0; i < 3; i += 1) {
        streams.push(session.streamOf());
        await streams.at(-1)!.opened;
      }
    }
    await expect.poll(() => streams[0]!.ended()).toBe(true);
    expect(streams[0]!.events).toContainEqual(closedWith('too_many_streams'));
    expect(streams.filter((stream) => stream.ended())).toHaveLength(1);
    await Promise.all(streams.map((stream) => stream.stop()));
  });

  test("the operator's stream ends at once when the session is logged out", async () => {
    test.setTimeout(60_000);
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.18.77.3' },
      body: JSON.stringify(OPERATOR),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const stream = listenToStream(`${server.url}/api/admin/events`, { cookie });
    await stream.opened;
    // Logged out elsewhere (another tab): this stream's cookie is the same session.
    expect((await fetch(`${server.url}/api/admin/logout`, { method: 'POST', headers: { cookie } })).status).toBeLessThan(300);
    await expect.poll(() => stream.ended(), { timeout: 25_000 }).toBe(true);
    expect(stream.events).toContainEqual(closedWith('session_ended'));
    await stream.stop();
  });
});
