import 'server-only';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { addressAllowed, guardedLookup, notPublic } from './guarded-lookup';

export type PushRequest = { endpoint: string; headers: Record<string, string | number>; body: Buffer | null };
export type PushAnswer = { status: number; retryAfterMs: number | null };

const MAX_ANSWER_BYTES = 16 * 1024;
// Kept-alive connections: a push service answers many pushes on one TLS connection.
const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 8 }), https: new https.Agent({ keepAlive: true, maxSockets: 8 }) };

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * POSTs one request that web-push prepared (encrypted body, VAPID Authorization, TTL, Urgency)
 * with Node's own client, so that the addresses the endpoint's name resolves to are checked
 * (guardedLookup) and a timeout bounds it. Resolves with the status, rejects on a network error.
 */
export function postPush(request: PushRequest, { timeoutMs, allowLoopback }: { timeoutMs: number; allowLoopback: boolean }): Promise<PushAnswer> {
  const url = new URL(request.endpoint);
  // Node resolves no name for an address written in the URL: guardedLookup never sees it.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) !== 0 && !addressAllowed(literal, { allowLoopback })) return Promise.reject(notPublic(literal));
  const plain = url.protocol === 'http:';
  const client = plain ? http : https;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        headers: request.headers,
        lookup: guardedLookup({ allowLoopback }),
        timeout: timeoutMs,
        agent: plain ? agents.http : agents.https,
      },
      (answer) => {
        let received = 0;
        // The answer's body is never logged nor shown: read a little, then stop.
        answer.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_ANSWER_BYTES) answer.destroy();
        });
        answer.on('error', () => undefined);
        answer.on('close', () => resolve({ status: answer.statusCode ?? 0, retryAfterMs: parseRetryAfter(answer.headers['retry-after']) }));
      },
    );
    const deadline = setTimeout(() => outgoing.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    outgoing.on('timeout', () => outgoing.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.on('close', () => clearTimeout(deadline));
    outgoing.end(request.body ?? undefined);
  });
}
