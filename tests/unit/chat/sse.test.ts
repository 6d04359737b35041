import { describe, expect, it, vi } from 'vitest';
import type { ChatMessageDto } from '@/lib/chat/message';
import type { ChatEvent } from '@/lib/chat/realtime';
import { openStreamCount, runSseStream, SSE_REMEMBERED_IDS, sseResponse } from '@/lib/chat/sse';
import { defaultMaxEventStreams, openFilesLimit, STREAM_RETRY_AFTER_SECONDS, visitorStreamRefusal } from '@/lib/chat/stream-ceiling';

const message = (id: number): ChatMessageDto => ({ id, sessionId: 's', sender: 'visitor', content: `m${id}`, createdAt: '2026-11-26T10:00:00.000Z' });

/** A stream over a hub the test publishes to; `ids()` reads the message ids written so far. */
async function openStream(replayed: number[] = []) {
  let publish: (event: ChatEvent) => void = () => {};
  const aborted = new AbortController();
  const response = sseResponse(new Request('http://test/events', { signal: aborted.signal }), {
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

/** A stream written to text, as lib/chat/stream-server.ts writes to a Node response. */
function sinkStream(liveness?: { key: string; check: (keys: string[]) => Promise<Set<string>> }) {
  const out = { text: '', ended: false };
  const close = runSseStream(
    { write: (text) => (out.text += text), end: () => (out.ended = true) },
    { lastEventId: null, replay: async () => [], subscribe: () => () => {}, liveness },
  );
  return { out, close };
}

describe('the heartbeat of every stream', () => {
  it('pings each stream and asks once, for all of them, which sessions still allow theirs', async () => {
    vi.useFakeTimers();
    try {
      const check = vi.fn(async (keys: string[]) => new Set(keys.filter((key) => key !== 'gone')));
      const streams = ['a', 'b', 'gone', 'a'].map((key) => sinkStream({ key, check }));
      await vi.advanceTimersByTimeAsync(15_000);
      expect(check).toHaveBeenCalledOnce();
      expect(check.mock.calls[0]![0].sort()).toEqual(['a', 'b', 'gone']);
      expect(streams.map(({ out }) => out.text.includes(': ping'))).toEqual([true, true, true, true]);
      expect(streams.map(({ out }) => out.ended)).toEqual([false, false, true, false]);
      expect(streams[2]!.out.text).toContain('event: closed\ndata: {"reason":"session_ended"}');
      for (const { close } of streams) close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the ceiling of open streams', () => {
  it('is sized from the heap limit, with room left for the rest of the server', () => {
    // `npm start`'s --max-old-space-size=384 gives V8 a limit of about 432 MB.
    expect(defaultMaxEventStreams(432 * 1024 * 1024, null)).toBe(20_000);
    expect(defaultMaxEventStreams(64 * 1024 * 1024, null)).toBe(100);
  });

  it('stays under the open-files limit, which next start exits on when a connection cannot be accepted', () => {
    expect(defaultMaxEventStreams(432 * 1024 * 1024, 20_000)).toBe(16_000);
    expect(defaultMaxEventStreams(432 * 1024 * 1024, 1_048_576)).toBe(20_000);
    expect(defaultMaxEventStreams(432 * 1024 * 1024, 1024)).toBe(100);
    expect(
      openFilesLimit(
        'Limit                     Soft Limit           Hard Limit           Units\nMax open files            20000                524288               files\n',
      ),
    ).toBe(20_000);
    expect(openFilesLimit('Max open files            unlimited            unlimited            files\n')).toBeNull();
  });

  it('refuses a visitor past it with 503 and Retry-After, counting the streams open', async () => {
    const before = openStreamCount();
    const streams = [sinkStream(), sinkStream()];
    expect(openStreamCount()).toBe(before + 2);
    expect(visitorStreamRefusal(before + 3)).toBeNull();
    const refusal = visitorStreamRefusal(before + 2)!;
    expect(refusal.status).toBe(503);
    expect(refusal.headers.get('retry-after')).toBe(String(STREAM_RETRY_AFTER_SECONDS));
    expect(await refusal.json()).toMatchObject({ error: 'busy' });
    for (const { close } of streams) close();
    expect(openStreamCount()).toBe(before);
    expect(visitorStreamRefusal(before + 1)).toBeNull();
  });
});
