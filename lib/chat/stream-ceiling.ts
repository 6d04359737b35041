import 'server-only';
import { readFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { ApiError } from '@/lib/api/api-error';
import { config } from '@/lib/config';
import { openStreamCount } from './sse';

const MB = 1024 * 1024;
/** Heap left to everything else: pages, the console, the database client, requests in flight. */
const RESERVED_HEAP_MB = 192;
/**
 * Heap one open stream may take, with a margin: ~9 KB measured after a full collection
 * (`npm run bench:stream-heap`, which fails above this figure), 78 KB when Next served them.
 */
const HEAP_PER_STREAM_KB = 12;
/** A refused visitor tries again after this (the widget adds up to as much again at random). */
export const STREAM_RETRY_AFTER_SECONDS = 15;

/** MAX_EVENT_STREAMS unset: what the heap holds beside its reserve, ≥ 100. */
export function defaultMaxEventStreams(heapLimitBytes: number = getHeapStatistics().heap_size_limit, openFiles: number | null = openFilesLimit()): number {
  const byHeap = Math.max(100, Math.floor((heapLimitBytes - RESERVED_HEAP_MB * MB) / 1024 / HEAP_PER_STREAM_KB / 1000) * 1000);
  // Each stream is a socket: past the process's open-files limit `next start` cannot accept a
  // connection, and it exits on that error. A fifth (at least 1,000) stays for pages, the database, files.
  if (openFiles === null) return byHeap;
  return Math.max(100, Math.min(byHeap, openFiles - Math.max(1000, Math.ceil(openFiles / 5))));
}

/** The soft limit on open files (Linux's /proc/self/limits); null when unknown or unlimited. */
export function openFilesLimit(limits?: string): number | null {
  try {
    const soft = /^Max open files\s+(\d+)/m.exec(limits ?? readFileSync('/proc/self/limits', 'utf8'))?.[1];
    return soft ? Number(soft) : null;
  } catch {
    return null;
  }
}

let sized: number | undefined;
/** The ceiling of this process: MAX_EVENT_STREAMS, or sized from the heap limit. */
export function maxEventStreams(): number {
  return config.maxEventStreams ?? (sized ??= defaultMaxEventStreams());
}

/**
 * A visitor's new stream when the process holds its ceiling: 503 with Retry-After, before any
 * database work. The console's streams are never refused (they count, though).
 */
export function visitorStreamRefusal(ceiling: number = maxEventStreams()): Response | null {
  if (openStreamCount() < ceiling) return null;
  return new ApiError(503, 'busy', 'Too many conversations are open at once; try again shortly.', STREAM_RETRY_AFTER_SECONDS).toResponse(
    {},
    { 'Retry-After': String(STREAM_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' },
  );
}
