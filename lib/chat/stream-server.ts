import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendResponse, takeRequests, webRequestOf } from '@/lib/api/node-bridge';
import { describeError } from '@/lib/log/describe-error';
import { API_POLICY, headersWithPolicy, PUBLIC_POLICY } from '@/lib/security-headers';
import { runSseStream, SSE_HEADERS, streamsStopping } from './sse';
import { openConsoleStream, openVisitorStream, type StreamOpening } from './streams';

// Next keeps its whole request chain alive while a route handler's response streams: ~95 promises,
// 17 suspended async functions, their contexts and a per-request cache, ~78 KB of heap per open
// stream (heap snapshots: tests/perf/heap-diff.mjs). The two event-stream routes are therefore
// answered here, before Next sees them, on the same server, port and path, with the same checks
// (lib/chat/streams.ts); everything else, and these paths with another method, goes to Next.

const VISITOR_PATH = /^\/api\/chat\/sessions\/([^/?#]+)\/events(?:\?.*)?$/;
const CONSOLE_PATH = /^\/api\/admin\/events(?:\?.*)?$/;
const INSTALLED = Symbol.for('maurice-expat.stream-server');
// What next.config.ts adds to every answer of these paths: the console's API gets API_POLICY, the
// visitor's the public pages' policy.
const SECURITY_HEADERS = { console: headersWithPolicy(API_POLICY), visitor: headersWithPolicy(PUBLIC_POLICY) };
const securityHeaders = (url: string | undefined) => SECURITY_HEADERS[url && CONSOLE_PATH.test(url) ? 'console' : 'visitor'];

/** The stream this request opens, or null when it is not an event-stream request. */
function streamOf(req: IncomingMessage): ((request: Request) => Promise<StreamOpening>) | null {
  if (req.method !== 'GET' || !req.url) return null;
  if (CONSOLE_PATH.test(req.url)) return openConsoleStream;
  const segment = VISITOR_PATH.exec(req.url)?.[1];
  if (segment === undefined) return null;
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return (request) => openVisitorStream(request, id);
}

async function serve(req: IncomingMessage, res: ServerResponse, open: (request: Request) => Promise<StreamOpening>): Promise<void> {
  try {
    const opening = await open(webRequestOf(req));
    if ('response' in opening) return await sendResponse(res, opening.response, securityHeaders(req.url));
    if (res.destroyed) return opening.options.reservation?.();
    // A stopping server also closes the connection, or a client's quick reconnections over a kept-alive
    // socket would hold the server open until it is killed.
    const streamHeaders = { ...securityHeaders(req.url), ...SSE_HEADERS };
    res.writeHead(200, streamsStopping() ? { ...streamHeaders, Connection: 'close' } : streamHeaders);
    // Nagle would hold each small event back for the next one.
    req.socket.setNoDelay(true);
    const close = runSseStream({ write: (text) => res.write(text), end: () => res.end() }, opening.options);
    res.once('close', close);
  } catch (error) {
    console.error(`[chat] event stream failed: ${describeError(error)}`);
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end();
  }
}

/**
 * Takes the event-stream requests of every HTTP server of this process (there is one: `next start`'s)
 * before its request listeners; called from instrumentation.ts, before the first request Next serves.
 * Returns the function that puts the server back as it was.
 */
export function installStreamServer(): () => void {
  return takeRequests(INSTALLED, (req, res) => {
    const open = streamOf(req);
    if (open) void serve(req, res, open);
    return open !== null;
  });
}
