import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NextRequest } from 'next/server';
import { clientAddress } from '@/lib/api/client-address';
import { passOn, readDeclaredBody, replayed, sendResponse, takeRequests, webRequestOf } from '@/lib/api/node-bridge';
import { readJsonObject, tooManyRequests } from '@/lib/api/responses';
import { MAX_BODY_BYTES } from '@/lib/api/read-body';
import { describeError } from '@/lib/log/describe-error';
import { API_POLICY, headersWithPolicy } from '@/lib/security-headers';
import { readKnownDevice } from './known-device';
import { LOGIN_LIMITS } from './login-guard';
import { loginSchema } from './login-input';
import { refusedFor } from './login-refusals';
import { loginCounters } from './login-throttle';
import { normalizeEmail } from './operator-accounts';

// A login flood is mostly refusals: past its limits each attempt is a 429 that costs no hash, but
// through Next's request chain it still costs the server about 2.5 ms (4,000 attempts, 20 at a time,
// on a quiet machine: 9.8 s, and 5.9 s again once all are refused; 6.4 and 1.8 s with this gate), and
// the operator's own sign-in waits behind them. An attempt on a counter
// this process already saw full (login-refusals.ts) is answered here instead, before Next, with the
// route's own checks in the route's order and its own 429; everything else goes on to Next as sent.

const LOGIN_PATH = /^\/api\/admin\/login(?:\?.*)?$/;
const INSTALLED = Symbol.for('maurice-expat.login-gate');
const HEADERS = headersWithPolicy(API_POLICY);

/** Seconds the route would refuse this login for (429), or 0: it goes to the route. */
async function refusedSeconds(request: Request): Promise<number> {
  const read = await readJsonObject(request);
  if (!read.ok) return 0;
  const parsed = loginSchema.safeParse(read.body);
  if (!parsed.success) return 0;
  // A browser with a device cookie is counted by the pair only (login-guard.ts); a forged one only
  // misses this shortcut, the route judges it as it always did.
  const device = await readKnownDevice(new NextRequest(request.url, { headers: request.headers }).cookies);
  const counters = loginCounters({ email: normalizeEmail(parsed.data.email), client: clientAddress(request), knownDevice: device !== null }, LOGIN_LIMITS);
  return refusedFor(counters.map((counter) => counter.key));
}

async function gate(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readDeclaredBody(req, MAX_BODY_BYTES);
  if (!body) {
    // No Content-Length, too large, or cut short: the route answers it as it always did.
    if (!res.destroyed) passOn(req, res);
    return;
  }
  try {
    const seconds = await refusedSeconds(webRequestOf(req, body));
    if (seconds > 0) return await sendResponse(res, tooManyRequests(seconds), HEADERS);
  } catch (error) {
    console.error(`[auth] login gate: ${describeError(error)}`);
  }
  passOn(replayed(req, body), res);
}

/** Takes the login posts of this process's HTTP server before Next's listeners (instrumentation.ts). */
export function installLoginGate(): () => void {
  return takeRequests(INSTALLED, (req, res) => {
    if (req.method !== 'POST' || !req.url || !LOGIN_PATH.test(req.url)) return false;
    void gate(req, res);
    return true;
  });
}
