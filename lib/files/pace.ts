import { setTimeout as sleep } from 'node:timers/promises';

// Uploads are read no faster than a rate shared by every upload of the process, so that a burst of
// them (clients on a fast network) leaves the event loop to the pages: ten 20 MB uploads over the
// loopback took 1.3 cores for 2.5 s and tripled a page's p99; read at 10 MB/s together, the page kept
// its p99 (`npm run bench:dossier`). A paused upload is not read: TCP slows its sender, and no more
// than one chunk per upload waits in memory.

/** What a short upload may take at once before the pace applies: a lone document is not slowed. */
const BURST_MS = 250;

/** The pace's state: when the bytes admitted so far would have passed at the rate (in ms). */
export type Pace = { due: number };

/**
 * How long `bytes` wait before they are read, at `bytesPerSecond` shared through `pace`, at time
 * `now` (ms), and books them: the generic cell rate algorithm, with BURST_MS of slack.
 */
export function reserve(pace: Pace, bytes: number, bytesPerSecond: number, now: number): number {
  const due = Math.max(pace.due, now);
  pace.due = due + (bytes * 1000) / bytesPerSecond;
  return Math.max(0, due - now - BURST_MS);
}

const shared: Pace = { due: 0 };

/** `source`, read at the process's shared upload rate. */
export async function* paced(source: AsyncIterable<Uint8Array>, bytesPerSecond: number): AsyncIterable<Uint8Array> {
  for await (const chunk of source) {
    const wait = reserve(shared, chunk.length, bytesPerSecond, performance.now());
    if (wait > 0) await sleep(wait);
    yield chunk;
  }
}
