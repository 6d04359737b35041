import { EventSourceParserStream } from 'eventsource-parser/stream';
import { isChatMessage, type ChatMessageDto } from './message';
import { isChatSignal, SIGNAL_EVENTS, type ChatSignal } from './signal';

/**
 * `closed`: the server ended this stream for a newer one (too many tabs): no reconnection.
 * `busy`: the server holds as many streams as it can (503 with Retry-After): it is asked again then.
 */
export type StreamStatus = 'connecting' | 'open' | 'retrying' | 'busy' | 'closed';

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 15_000;
// The server sends a ping every 15 s: three missed pings mean a dead connection.
const SILENCE_TIMEOUT_MS = 45_000;

/** Exponential backoff with jitter (half fixed, half random) so reconnecting clients spread out. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

interface StreamOptions {
  /** The visitor's session stream (with its bearer token) or the console's (with its cookie). */
  url: string;
  headers?: Record<string, string>;
  signal: AbortSignal;
  /** Id of the newest message already held: sent as Last-Event-ID so the server replays the rest. */
  lastId: () => number;
  onMessage: (message: ChatMessageDto) => void;
  /** Typing, read and trail signals (events `typing`, `read` and `trail`). */
  onSignal?: (signal: ChatSignal) => void;
  /** The console's stream only: a request, a person or a stage changed (event `changed`, no personal data). */
  onChanged?: (topic: string) => void;
  onStatus: (status: StreamStatus) => void;
  onRejected: () => void;
}

type Outcome = 'rejected' | 'opened' | 'failed' | 'superseded' | { busyForSeconds: number };

/** A refusal at the server's ceiling: 503 with Retry-After in seconds (at most a minute is honoured). */
function busyFor(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after'));
  return response.status === 503 && Number.isInteger(seconds) && seconds > 0 ? Math.min(seconds, 60) : null;
}

/** Retry-After, plus up to as much again at random: refused visitors do not all come back at once. */
export function busyDelay(seconds: number, random: () => number = Math.random): number {
  return Math.round(seconds * 1000 * (1 + random()));
}

async function connectOnce(options: StreamOptions): Promise<Outcome> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  options.signal.addEventListener('abort', abort);
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const rearm = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(abort, SILENCE_TIMEOUT_MS);
  };
  let opened = false;
  try {
    rearm();
    const response = await fetch(options.url, {
      headers: { ...options.headers, Accept: 'text/event-stream', 'Last-Event-ID': String(options.lastId()) },
      cache: 'no-store',
      signal: controller.signal,
    });
    if (response.status === 401 || response.status === 403) return 'rejected';
    const busy = busyFor(response);
    if (busy !== null) return { busyForSeconds: busy };
    if (!response.ok || !response.body) return 'failed';
    opened = true;
    options.onStatus('open');
    // Comments (the server's pings) rearm the watchdog too.
    const events = response.body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream({ onComment: rearm }))
      .getReader();
    for (;;) {
      const { value: event, done } = await events.read();
      if (done) break;
      rearm();
      // The server's last word: its session ended (logged out, revoked, deleted), or a newer stream took this one's place.
      if (event.event === 'closed') return closedReason(event.data) === 'session_ended' ? 'rejected' : 'superseded';
      if (event.event !== undefined && SIGNAL_EVENTS.includes(event.event)) {
        const signal: unknown = JSON.parse(event.data);
        if (isChatSignal(signal)) options.onSignal?.(signal);
        continue;
      }
      if (event.event === 'changed') {
        options.onChanged?.(changedTopic(event.data));
        continue;
      }
      if ((event.event ?? 'message') !== 'message') continue;
      const message: unknown = JSON.parse(event.data);
      if (isChatMessage(message)) options.onMessage(message);
    }
  } catch {
    // Dropped connection, silence timeout or a bad frame: the caller reconnects.
  } finally {
    clearTimeout(watchdog);
    options.signal.removeEventListener('abort', abort);
    controller.abort();
  }
  return opened ? 'opened' : 'failed';
}

function changedTopic(data: string): string {
  try {
    const topic = (JSON.parse(data) as { topic?: unknown }).topic;
    return typeof topic === 'string' ? topic : '';
  } catch {
    return '';
  }
}

function closedReason(data: string): unknown {
  try {
    return (JSON.parse(data) as { reason?: unknown }).reason;
  } catch {
    return null;
  }
}

// Coming back online retries at once instead of waiting out the backoff.
function waitBeforeRetry(ms: number, signal: AbortSignal): Promise<void> {
  const target = typeof window === 'undefined' ? null : window;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      target?.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
    target?.addEventListener('online', done);
  });
}

/**
 * Keeps an event stream of chat messages open until `signal` aborts, reconnecting with backoff and
 * resuming after the newest message held; stops for good when the server refuses the credentials.
 * Refused at the server's ceiling, it says `busy` and asks again after Retry-After.
 */
export async function runEventStream(options: StreamOptions): Promise<void> {
  let attempt = 0;
  options.onStatus('connecting');
  while (!options.signal.aborted) {
    const outcome = await connectOnce(options);
    if (options.signal.aborted) return;
    if (outcome === 'rejected') return options.onRejected();
    if (outcome === 'superseded') return options.onStatus('closed');
    if (typeof outcome === 'object') {
      options.onStatus('busy');
      await waitBeforeRetry(busyDelay(outcome.busyForSeconds), options.signal);
      continue;
    }
    if (outcome === 'opened') attempt = 0;
    options.onStatus('retrying');
    await waitBeforeRetry(reconnectDelay(attempt), options.signal);
    attempt += 1;
  }
}
