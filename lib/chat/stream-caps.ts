import 'server-only';

/** Why the server ended a stream; the widget and the console read it from the `closed` event. */
export type StreamCloseReason = 'too_many_streams' | 'session_ended';

/** Open event streams per chat session (tabs of one visitor) and per client address or operator session. */
export const MAX_STREAMS_PER_SESSION = 3;
export const MAX_STREAMS_PER_CLIENT = 20;

type Close = (reason: StreamCloseReason) => void;

// One registry per process, whatever the number of module copies Next evaluates. Memory follows
// the open streams: a key leaves the map with its last stream.
const REGISTRY = Symbol.for('maurice-expat.stream-caps');
const holder = globalThis as { [REGISTRY]?: Map<string, Close[]> };
const open: Map<string, Close[]> = (holder[REGISTRY] ??= new Map());

/**
 * Counts a new stream under each `key` with its cap; where a cap is reached, the oldest stream
 * there is closed first (a reload, a new tab: the newest is the one the person looks at).
 * Returns the release to call when the stream ends.
 */
export function admitStream(keys: { key: string; cap: number }[], close: Close): () => void {
  for (const { key, cap } of keys) {
    const streams = open.get(key) ?? [];
    while (streams.length >= cap) streams.shift()?.('too_many_streams');
    streams.push(close);
    open.set(key, streams);
  }
  return () => {
    for (const { key } of keys) {
      const streams = open.get(key);
      if (!streams) continue;
      const index = streams.indexOf(close);
      if (index >= 0) streams.splice(index, 1);
      if (streams.length === 0) open.delete(key);
    }
  };
}

/** Ends every stream of this process counted under `key` (an operator session logged out, revoked…). */
export function closeStreamsUnder(key: string, reason: StreamCloseReason): number {
  const streams = [...(open.get(key) ?? [])];
  for (const close of streams) close(reason);
  return streams.length;
}

/** The keys an operator's stream is counted under: its session (capped) and its account (to end them all at once). */
export const operatorSessionKey = (sessionId: string) => `operator:${sessionId}`;
export const operatorAccountKey = (operatorId: number) => `operator-account:${operatorId}`;
