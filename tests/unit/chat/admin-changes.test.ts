import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase } from '../db/test-database';

// New requests, new people and stage changes reach an open console through its event stream
// (`event: changed`, the topic only), not a poll: the event bus's realtime subscriber publishes them.

vi.mock('@/lib/auth/operator-session', () => import('../admin/always-operator'));

const { GET: adminEvents } = await import('@/app/api/admin/events/route');
const { POST: postLead } = await import('@/app/api/leads/route');
const { changeStage } = await import('@/components/admin/people/actions');
const { markHandled } = await import('@/components/admin/requests/actions');
const { postMessage } = await import('@/lib/chat/service');
const { createChatSession } = await import('@/lib/chat/queries');
const { wireSubscribers } = await import('@/lib/subscribers');

const noParams = { params: Promise.resolve({}) as Promise<Record<string, never>> };

/** The console's stream; `until(text)` reads until `text` has been written, `events()` lists the `changed` ones. */
async function openConsoleStream() {
  const response = await adminEvents(new Request('http://localhost/api/admin/events'), noParams);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    async until(expected: string, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!text.includes(expected) && Date.now() < deadline) {
        const next = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()))]);
        if (!next || next.done) break;
        text += decoder.decode(next.value, { stream: true });
      }
      return text;
    },
    changed: () => [...text.matchAll(/event: changed\ndata: (.*)\n\n/g)].map((match) => match[1]),
    reset: () => (text = ''),
    close: () => reader.cancel(),
  };
}

describe('console change events', () => {
  const database = pgliteDatabase();
  beforeAll(async () => {
    await database.setUp();
    wireSubscribers();
  }, OPEN_TIMEOUT_MS);
  afterAll(async () => {
    // The push subscriber looks for devices in the background (setImmediate): let it finish first.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database.tearDown();
  }, OPEN_TIMEOUT_MS);

  it('tells an open console that a request came in and that its people changed, without personal data', async () => {
    const stream = await openConsoleStream();
    try {
      await stream.until(': connected');
      const response = await postLead(
        new Request('http://localhost/api/leads', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.70' },
          body: JSON.stringify({ name: 'Claire Martin', email: 'claire.changes@example.com', message: 'Nous arrivons en mars.', consent: true, locale: 'fr' }),
        }),
      );
      expect(response.status).toBe(201);
      const text = await stream.until('{"topic":"people"}');
      expect(stream.changed()).toEqual(['{"topic":"leads"}', '{"topic":"people"}']);
      expect(text).not.toMatch(/claire|Martin|mars/i);

      stream.reset();
      expect(await changeStage('email:claire.changes@example.com', { stage: 'qualified' })).toEqual({ ok: true, value: null });
      await stream.until('event: changed');
      expect(stream.changed()).toEqual(['{"topic":"people"}']);

      stream.reset();
      const { id } = (await response.json()) as { id: number };
      expect(await markHandled(id, true)).toEqual({ ok: true, value: null });
      await stream.until('event: changed');
      expect(stream.changed()).toEqual(['{"topic":"leads"}']);
    } finally {
      await stream.close();
    }
  });

  it('tells it of a new person when a conversation opens, and not at every later message', async () => {
    const stream = await openConsoleStream();
    try {
      await stream.until(': connected');
      const session = await createChatSession({ locale: 'de', startPage: '/de' });
      await postMessage({
        sessionId: session.id,
        sender: 'visitor',
        content: 'Hallo',
        session: { id: session.id, locale: 'de', startPage: '/de', lastMessageAt: null },
      });
      await stream.until('event: changed');
      await postMessage({
        sessionId: session.id,
        sender: 'visitor',
        content: 'Noch da?',
        session: { id: session.id, locale: 'de', startPage: '/de', lastMessageAt: new Date() },
      });
      await stream.until('Noch da?');
      expect(stream.changed()).toEqual(['{"topic":"people"}']);
    } finally {
      await stream.close();
    }
  });
});
