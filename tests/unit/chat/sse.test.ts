import { describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '@/lib/chat/message';
import type { ChatEvent } from '@/lib/chat/realtime';
import { SSE_REMEMBERED_IDS, sseResponse } from '@/lib/chat/sse';

const message = (id: number): ChatMessageDto => ({ id, sessionId: 's', sender: 'visitor', content: `m${id}`, createdAt: '2026-11-26T10:00:00.000Z' });

/** A stream over a hub the test publishes to; `ids()` reads the message ids written so far. */
async function openStream(replayed: number[] = []) {
  let publish: (event: ChatEvent) => void = () => {};
  const aborted = new AbortController();
  const response = sseResponse({
    request: new Request('http://test/events', { signal: aborted.signal }),
    lastEventId: replayed.length ? 0 : null,
    replay: async () => replayed.map(message),
    subscribe: (listener) => ((publish = listener), () => {}),
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let reading: ReturnType<typeof reader.read> | null = null;
  const ids = async () => {
    // Everything enqueued so far, without waiting for more (a read still pending is kept for the next call).
    for (;;) {
      reading ??= reader.read();
      const next = await Promise.race([reading, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5))]);
      if (!next) break;
      reading = null;
      if (next.done) break;
      text += decoder.decode(next.value);
    }
    return [...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
  };
  await ids();
  return { publish: (id: number) => publish({ type: 'message', message: message(id) }), ids, close: () => aborted.abort() };
}

describe('the event stream', () => {
  it('sends a message once when the replay and the live notification both bring it', async () => {
    const stream = await openStream([1, 2]);
    stream.publish(2);
    stream.publish(3);
    stream.publish(3);
    expect(await stream.ids()).toEqual([1, 2, 3]);
    stream.close();
  });

  it(`remembers the last ${SSE_REMEMBERED_IDS} ids it sent, not every id of a stream open for days`, async () => {
    const stream = await openStream();
    const total = SSE_REMEMBERED_IDS + 200;
    for (let id = 1; id <= total; id += 1) stream.publish(id);
    // A recent id is still known; the oldest were forgotten (a map that only grows would know them all).
    stream.publish(total - SSE_REMEMBERED_IDS + 1);
    stream.publish(1);
    const ids = await stream.ids();
    expect(ids).toHaveLength(total + 1);
    expect(ids.at(-1)).toBe(1);
    stream.close();
  });
});
