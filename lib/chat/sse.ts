import 'server-only';
import type { ChatMessageDto } from './message';
import type { ChatEvent } from './realtime';
import type { ChatSignal } from './signal';
import { admitStream, type StreamCloseReason } from './stream-caps';
import { describeError } from '@/lib/log/describe-error';

const HEARTBEAT_MS = 15_000;
const RETRY_MS = 2000;
/**
 * Ids a stream remembers having sent. A message comes twice only close together (the replay and a
 * late notification of the same commit): the last ids are enough, and a console's stream open for
 * days does not keep every id it ever sent.
 */
export const SSE_REMEMBERED_IDS = 1000;

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
  Connection: 'keep-alive',
};

// Open streams would keep a stopping server waiting forever: close them on shutdown, and the
// clients reconnect (with Last-Event-ID) to whichever instance is up.
const OPEN_STREAMS = Symbol.for('maurice-expat.sse-streams');
const registry = globalThis as { [OPEN_STREAMS]?: { streams: Set<() => void>; stopping: boolean } };
const shutdown = (registry[OPEN_STREAMS] ??= (() => {
  const state = { streams: new Set<() => void>(), stopping: false };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      // Streams opened from now on (a client reconnecting at once) are closed as soon as they start.
      state.stopping = true;
      for (const close of state.streams) close();
    });
  }
  return state;
})());
const openStreams = shutdown.streams;

/** `Last-Event-ID` as a message id; null when absent or not a non-negative integer. */
export function readLastEventId(request: Request): number | null {
  const raw = request.headers.get('last-event-id');
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

interface SseOptions {
  request: Request;
  /** Replays from here (exclusive) when set; live messages only when null. */
  lastEventId: number | null;
  replay: (afterId: number) => Promise<ChatMessageDto[]>;
  subscribe: (listener: (event: ChatEvent) => void) => Promise<() => void> | (() => void);
  onClose?: () => void;
  /** Signals sent once connected, e.g. the operator's stored read marker. */
  initial?: ChatSignal[];
  /** Caps this stream counts under (per chat session, per client…): the oldest beyond a cap is closed. */
  caps?: { key: string; cap: number }[];
  /** Asked at every heartbeat: false ends the stream (logout, revocation, expiry). */
  stillAllowed?: () => Promise<boolean>;
}

/**
 * Subscribes first, then replays from the database, then streams: a message committed while the
 * replay runs is held back and sent once, in id order. An id among the last SSE_REMEMBERED_IDS sent is
 * never sent again.
 */
export function sseResponse({ request, lastEventId, replay, subscribe, onClose, initial = [], caps = [], stillAllowed }: SseOptions): Response {
  const encoder = new TextEncoder();
  const sent = new Set<number>();
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const write = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const send = (message: ChatMessageDto) => {
        if (sent.has(message.id)) return;
        sent.add(message.id);
        // A Set iterates in insertion order: the first is the oldest.
        if (sent.size > SSE_REMEMBERED_IDS) sent.delete(sent.values().next().value!);
        write(`id: ${message.id}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`);
      };
      // Signals carry no id (they are not replayed): sent as they come.
      const signal = (event: ChatSignal) => write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      let held: ChatMessageDto[] | null = [];
      const unsubscribe = await subscribe((event) => {
        // The topic only: the console rereads the list through its own authorised request.
        if (event.type === 'changed') return write(`event: changed\ndata: ${JSON.stringify({ topic: event.topic })}\n\n`);
        if (event.type !== 'message') return signal(event);
        if (held) held.push(event.message);
        else send(event.message);
      });
      // Ends with a reason the client reads (and then does not reconnect for).
      const closeWith = (reason: StreamCloseReason) => {
        write(`event: closed\ndata: ${JSON.stringify({ reason })}\n\n`);
        cleanup();
      };
      const release = admitStream(caps, closeWith);
      const heartbeat = setInterval(() => {
        write(': ping\n\n');
        stillAllowed?.().then(
          (allowed) => allowed || closeWith('session_ended'),
          () => undefined,
        );
      }, HEARTBEAT_MS);
      cleanup = () => {
        if (!open) return;
        open = false;
        openStreams.delete(cleanup);
        clearInterval(heartbeat);
        release();
        unsubscribe();
        onClose?.();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      openStreams.add(cleanup);
      request.signal.addEventListener('abort', cleanup);
      if (shutdown.stopping) {
        write(`retry: ${RETRY_MS}\n\n`);
        cleanup();
        return;
      }
      write(`retry: ${RETRY_MS}\n: connected\n\n`);
      for (const event of initial) signal(event);
      try {
        if (lastEventId !== null) for (const message of await replay(lastEventId)) send(message);
      } catch (error) {
        console.error(`[chat] replay failed: ${describeError(error)}`);
        cleanup();
        return;
      }
      const pending = held.sort((a, b) => a.id - b.id);
      held = null;
      for (const message of pending) send(message);
    },
    cancel() {
      cleanup();
    },
  });
  // A stopping server also closes the connection, or a client's quick reconnections over a kept-alive
  // socket would hold the server open until it is killed.
  return new Response(stream, { headers: shutdown.stopping ? { ...SSE_HEADERS, Connection: 'close' } : SSE_HEADERS });
}
