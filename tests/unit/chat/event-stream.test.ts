import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeaders, sessionUrl } from '@/components/chat/api-client';
import { busyDelay, runEventStream, type StreamStatus } from '@/lib/chat/event-stream';
import { lastMessageId, mergeMessages, type ChatMessageDto } from '@/lib/chat/message';

const SESSION = 'session_1_abc';
const message = (id: number): ChatMessageDto => ({
  id,
  sessionId: SESSION,
  sender: id % 2 ? 'visitor' : 'operator',
  content: `<b>m${id}</b>`,
  createdAt: new Date(0).toISOString(),
});
const frame = (item: ChatMessageDto) => `id: ${item.id}\nevent: message\ndata: ${JSON.stringify(item)}\n\n`;

// A conversation at a server full of streams: refused (503 with Retry-After), then a stream that ends, then a refusal.
const BUSY_SESSION = 'session_2_busy';
const busyTries: number[] = [];
function busyPeer(response: ServerResponse) {
  busyTries.push(performance.now());
  if (busyTries.length === 1) {
    response.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' }).end('{"error":"busy","retryAfterSeconds":1}');
  } else if (busyTries.length === 2) {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' }).end(': connected\n\n');
  } else {
    response.writeHead(401).end();
  }
}

// A real SSE peer on loopback: drops the first connection, ends the second, rejects the third.
const requests: { url: string; auth: string | undefined; lastEventId: string | undefined }[] = [];
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  if (request.url?.includes(BUSY_SESSION)) return busyPeer(response);
  requests.push({ url: request.url ?? '', auth: request.headers.authorization, lastEventId: request.headers['last-event-id'] as string });
  if (requests.length === 3) {
    response.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":"unauthorized"}');
    return;
  }
  response.writeHead(200, { 'Content-Type': 'text/event-stream' });
  if (requests.length === 1) {
    response.write(`: ping\n\n${frame(message(1))}${frame(message(2))}`);
    setTimeout(() => request.socket.destroy(), 50);
  } else {
    response.end(`${frame(message(2))}${frame(message(3))}`);
  }
});

let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => realFetch(`${base}${url}`, init));
});
afterAll(() => {
  vi.unstubAllGlobals();
  server.close();
});

describe('widget event stream', () => {
  it('reconnects with Last-Event-ID, shows replayed messages once and stops when the session is rejected', async () => {
    let messages: ChatMessageDto[] = [];
    const statuses: StreamStatus[] = [];
    const onRejected = vi.fn();
    await runEventStream({
      url: sessionUrl(SESSION, 'events'),
      headers: authHeaders('secret-token'),
      signal: new AbortController().signal,
      lastId: () => lastMessageId(messages),
      onMessage: (item) => {
        messages = mergeMessages(messages, [item]);
      },
      onStatus: (status) => statuses.push(status),
      onRejected,
    });
    expect(messages.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(messages[0]?.content).toBe('<b>m1</b>');
    expect(requests.map((item) => item.lastEventId)).toEqual(['0', '2', '3']);
    expect(requests.every((item) => item.auth === 'Bearer secret-token')).toBe(true);
    expect(requests[0]?.url).toBe(`/api/chat/sessions/${SESSION}/events`);
    expect(statuses).toEqual(['connecting', 'open', 'retrying', 'open', 'retrying']);
    expect(onRejected).toHaveBeenCalledOnce();
  });

  it('stops without reconnecting once aborted', async () => {
    const controller = new AbortController();
    const before = requests.length;
    controller.abort();
    await runEventStream({
      url: sessionUrl(SESSION, 'events'),
      signal: controller.signal,
      lastId: () => 0,
      onMessage: () => undefined,
      onStatus: () => undefined,
      onRejected: () => undefined,
    });
    expect(requests.length).toBe(before);
  });

  it('at a server full of streams, says busy, waits at least Retry-After, then connects again', async () => {
    const statuses: StreamStatus[] = [];
    await runEventStream({
      url: sessionUrl(BUSY_SESSION, 'events'),
      signal: new AbortController().signal,
      lastId: () => 0,
      onMessage: () => undefined,
      onStatus: (status) => statuses.push(status),
      onRejected: () => undefined,
    });
    expect(statuses).toEqual(['connecting', 'busy', 'open', 'retrying']);
    expect(busyTries[1]! - busyTries[0]!).toBeGreaterThanOrEqual(990);
  });

  it('spreads the refused clients over Retry-After to twice as long', () => {
    expect(busyDelay(15, () => 0)).toBe(15_000);
    expect(busyDelay(15, () => 0.999)).toBe(29_985);
  });
});
