import 'server-only';
import type { ChatMessageDto } from './message';
import type { ChatEvent } from './realtime';
import type { ChatSignal } from './signal';
import { admitStream, type StreamCloseReason } from './stream-caps';
import { describeError } from '@/lib/log/describe-error';

const HEARTBEAT_MS = 15_000;
const RETRY_MS = 2000;
/** Sessions one liveness query asks about at most. */
const LIVENESS_BATCH = 1000;
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

/**
 * Which of these sessions (chat conversations, operator sessions) still allow their streams; asked
 * for every open stream of one kind at once at each heartbeat, so ten thousand visitors cost one
 * query per LIVENESS_BATCH every 15 s rather than one each.
 */
export type LivenessCheck = (keys: string[]) => Promise<Set<string>>;

interface OpenStream {
  ping: () => void;
  closeWith: (reason: StreamCloseReason | 'shutdown') => void;
  liveness?: { key: string; check: LivenessCheck };
}

interface Registry {
  streams: Set<OpenStream>;
  /** Streams admitted under the ceiling whose checks (token, database) are still running. */
  reserved: number;
  stopping: boolean;
  heartbeat?: ReturnType<typeof setInterval>;
}

// Open streams would keep a stopping server waiting forever: close them on shutdown, and the
// clients reconnect (with Last-Event-ID) to whichever instance is up. One registry per process
// (route handlers and the stream server of lib/chat/stream-server.ts are different module copies).
const OPEN_STREAMS = Symbol.for('maurice-expat.sse-streams');
const holder = globalThis as { [OPEN_STREAMS]?: Registry };
const registry = (holder[OPEN_STREAMS] ??= (() => {
  const state: Registry = { streams: new Set(), reserved: 0, stopping: false };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      // Streams opened from now on (a client reconnecting at once) are closed as soon as they start.
      state.stopping = true;
      for (const stream of state.streams) stream.closeWith('shutdown');
    });
  }
  return state;
})());

/** Event streams open in this process, the console's included, and those admitted but not open yet. */
export const openStreamCount = (): number => registry.streams.size + registry.reserved;

/** Holds a place for a stream whose checks are still running: a burst cannot overshoot the ceiling. Returns its release. */
export function reserveStream(): () => void {
  registry.reserved += 1;
  let held = true;
  return () => {
    if (held) registry.reserved -= 1;
    held = false;
  };
}
/** The process is stopping: a new stream is closed as soon as it starts. */
export const streamsStopping = (): boolean => registry.stopping;

/** Streams pinged in one go; the event loop is free between two groups. */
const PING_GROUP = 500;
/** Pause between two liveness queries, so that message writes interleave with them. */
const LIVENESS_PAUSE_MS = 200;
const breathe = (ms = 0) => new Promise<void>((resolve) => (ms ? setTimeout(resolve, ms) : setImmediate(resolve)));

/**
 * One timer for every stream of the process: a ping each, then the liveness checks, batched. Spread
 * out so that ten thousand streams never hold the event loop or the database for long at once.
 */
async function beat() {
  const byCheck = new Map<LivenessCheck, Map<string, OpenStream[]>>();
  let pinged = 0;
  for (const stream of [...registry.streams]) {
    stream.ping();
    if (++pinged % PING_GROUP === 0) await breathe();
    if (!stream.liveness) continue;
    const { key, check } = stream.liveness;
    const keys = byCheck.get(check) ?? new Map<string, OpenStream[]>();
    byCheck.set(check, keys);
    keys.set(key, [...(keys.get(key) ?? []), stream]);
  }
  for (const [check, streams] of byCheck) {
    const keys = [...streams.keys()];
    for (let start = 0; start < keys.length; start += LIVENESS_BATCH) {
      if (start > 0) await breathe(LIVENESS_PAUSE_MS);
      const batch = keys.slice(start, start + LIVENESS_BATCH);
      let alive: Set<string>;
      try {
        alive = await check(batch);
      } catch {
        // The database did not answer: the next heartbeat asks again.
        continue;
      }
      for (const key of batch) if (!alive.has(key)) for (const stream of streams.get(key) ?? []) stream.closeWith('session_ended');
    }
  }
}

function track(stream: OpenStream): () => void {
  registry.streams.add(stream);
  if (!registry.heartbeat) {
    registry.heartbeat = setInterval(() => void beat(), HEARTBEAT_MS);
    registry.heartbeat.unref?.();
  }
  return () => {
    registry.streams.delete(stream);
    if (registry.streams.size === 0 && registry.heartbeat) {
      clearInterval(registry.heartbeat);
      registry.heartbeat = undefined;
    }
  };
}

/** `Last-Event-ID` as a message id; null when absent or not a non-negative integer. */
export function parseLastEventId(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

export function readLastEventId(request: Request): number | null {
  return parseLastEventId(request.headers.get('last-event-id'));
}

export interface SseOptions {
  /** Replays from here (exclusive) when set; live messages only when null. */
  lastEventId: number | null;
  replay: (afterId: number) => Promise<ChatMessageDto[]>;
  subscribe: (listener: (event: ChatEvent) => void) => Promise<() => void> | (() => void);
  onClose?: () => void;
  /** Signals sent once connected, e.g. the operator's stored read marker. */
  initial?: ChatSignal[];
  /** Caps this stream counts under (per chat session, per client…): the oldest beyond a cap is closed. */
  caps?: { key: string; cap: number }[];
  /** Asked at every heartbeat, with every other stream of its kind: a key missing from the answer ends the stream (logout, revocation, expiry, deletion). */
  liveness?: { key: string; check: LivenessCheck };
  /** The place reserveStream() held for this stream, released once it counts as open. */
  reservation?: () => void;
}

/** Where a stream writes: a Node response (lib/chat/stream-server.ts) or a web stream (route handlers). */
export interface SseSink {
  write: (text: string) => void;
  end: () => void;
}

/**
 * Subscribes first, then replays from the database, then streams: a message committed while the
 * replay runs is held back and sent once, in id order. An id among the last SSE_REMEMBERED_IDS sent is
 * never sent again. Returns the function that ends the stream (the client went away).
 */
export function runSseStream(
  sink: SseSink,
  { lastEventId, replay, subscribe, onClose, initial = [], caps = [], liveness, reservation }: SseOptions,
): () => void {
  let open = true;
  let sent: Set<number> | null = null;
  let held: ChatMessageDto[] | null = [];
  let unsubscribe: (() => void) | null = null;
  let release: (() => void) | null = null;

  const write = (text: string) => {
    if (!open) return;
    try {
      sink.write(text);
    } catch {
      cleanup();
    }
  };
  const send = (message: ChatMessageDto) => {
    sent ??= new Set();
    if (sent.has(message.id)) return;
    sent.add(message.id);
    // A Set iterates in insertion order: the first is the oldest.
    if (sent.size > SSE_REMEMBERED_IDS) sent.delete(sent.values().next().value!);
    write(`id: ${message.id}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`);
  };
  // Signals carry no id (they are not replayed): sent as they come.
  const signal = (event: ChatSignal) => write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  const cleanup = () => {
    if (!open) return;
    open = false;
    untrack();
    release?.();
    unsubscribe?.();
    onClose?.();
    try {
      sink.end();
    } catch {
      // already closed by the client
    }
  };
  // Ends with a reason the client reads (and then does not reconnect for); a stopping server
  // just closes, and the client reconnects elsewhere.
  const closeWith = (reason: StreamCloseReason | 'shutdown') => {
    if (reason !== 'shutdown') write(`event: closed\ndata: ${JSON.stringify({ reason })}\n\n`);
    cleanup();
  };

  // Counted at once, not once subscribed: a burst of new streams all see each other at the ceiling.
  const untrack = track({ ping: () => write(': ping\n\n'), closeWith, liveness });
  reservation?.();
  void (async () => {
    try {
      const stop = await subscribe((event) => {
        // The topic only: the console rereads the list through its own authorised request.
        if (event.type === 'changed') return write(`event: changed\ndata: ${JSON.stringify({ topic: event.topic })}\n\n`);
        if (event.type !== 'message') return signal(event);
        if (held) held.push(event.message);
        else send(event.message);
      });
      if (!open) return stop();
      unsubscribe = stop;
    } catch (error) {
      console.error(`[chat] stream subscription failed: ${describeError(error)}`);
      return cleanup();
    }
    release = admitStream(caps, closeWith);
    if (registry.stopping) {
      write(`retry: ${RETRY_MS}\n\n`);
      return cleanup();
    }
    write(`retry: ${RETRY_MS}\n: connected\n\n`);
    for (const event of initial) signal(event);
    try {
      if (lastEventId !== null) for (const message of await replay(lastEventId)) send(message);
    } catch (error) {
      console.error(`[chat] replay failed: ${describeError(error)}`);
      return cleanup();
    }
    const pending = held!.sort((a, b) => a.id - b.id);
    held = null;
    for (const message of pending) send(message);
  })();
  return cleanup;
}

/** The stream as a route handler's response (requests Next routes itself, e.g. during start-up). */
export function sseResponse(request: Request, options: SseOptions): Response {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      cleanup = runSseStream({ write: (text) => controller.enqueue(encoder.encode(text)), end: () => controller.close() }, options);
      request.signal.addEventListener('abort', cleanup);
    },
    cancel() {
      cleanup();
    },
  });
  // A stopping server also closes the connection, or a client's quick reconnections over a kept-alive
  // socket would hold the server open until it is killed.
  return new Response(stream, { headers: registry.stopping ? { ...SSE_HEADERS, Connection: 'close' } : SSE_HEADERS });
}
