import 'server-only';
import { EventEmitter } from 'node:events';
import http, { IncomingMessage, type ServerResponse } from 'node:http';

// What a request answered before Next's request chain needs (lib/chat/stream-server.ts for the
// event streams, lib/auth/login-gate.ts for the login refusals): the server's requests taken before
// its listeners, the Node request as a route handler would see it, and a web Response written back.

type Take = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Offers every request of every HTTP server of this process (there is one: `next start`'s) to
 * `take` before the server's own listeners; a request it takes (returns true) is its own to answer.
 * Installed once per `key`; returns the function that removes it (for tests, which share the process).
 */
export function takeRequests(key: symbol, take: Take): () => void {
  const server = http.Server.prototype as unknown as Record<symbol, unknown> & { emit: (event: string | symbol, ...args: unknown[]) => boolean };
  if (server[key]) return () => undefined;
  server[key] = true;
  const emit = server.emit;
  server.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request' && take(args[0] as IncomingMessage, args[1] as ServerResponse)) return true;
    return emit.call(this, event, ...args);
  };
  return () => {
    server.emit = emit;
    delete server[key];
  };
}

/** Gives a request taken by `takeRequests` back to the server's own listeners (Next). */
export function passOn(req: IncomingMessage, res: ServerResponse): void {
  const server = (req.socket as { server?: http.Server }).server;
  if (!server) {
    res.writeHead(500).end();
    return;
  }
  // Past every taker (each wraps the server's emit, which is EventEmitter's): straight to the listeners.
  EventEmitter.prototype.emit.call(server, 'request', req, res);
}

/** The request as a route handler would see it: Next's X-Forwarded-* defaults, and the body given. */
export function webRequestOf(req: IncomingMessage, body?: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const encrypted = Boolean((req.socket as { encrypted?: boolean }).encrypted);
  const proto = req.headers['x-forwarded-proto'] ? String(req.headers['x-forwarded-proto']) : encrypted ? 'https' : 'http';
  const host = req.headers.host ?? 'localhost';
  if (!headers.has('x-forwarded-host')) headers.set('x-forwarded-host', host);
  if (!headers.has('x-forwarded-port') && req.socket.localPort) headers.set('x-forwarded-port', String(req.socket.localPort));
  if (!headers.has('x-forwarded-proto')) headers.set('x-forwarded-proto', encrypted ? 'https' : 'http');
  if (!headers.has('x-forwarded-for') && req.socket.remoteAddress) headers.set('x-forwarded-for', req.socket.remoteAddress);
  return new Request(`${proto.split(',')[0]!.trim()}://${host}${req.url}`, {
    method: req.method,
    headers,
    body: body && body.length > 0 ? new Uint8Array(body) : undefined,
  });
}

/** Writes a web Response (read whole: these answers are small) with `headers` under its own. */
export async function sendResponse(res: ServerResponse, response: Response, headers: Record<string, string>): Promise<void> {
  const all = { ...headers };
  response.headers.forEach((value, name) => (all[name] = value));
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, { ...all, 'Content-Length': String(body.length) });
  res.end(body);
}

/**
 * Reads a request's body of at most `maxBytes`, as its Content-Length declares it: null (nothing
 * read) when it declares none or more, or when the client hangs up before sending it all.
 */
export function readDeclaredBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> | null {
  const declared = req.headers['content-length'];
  if (declared === undefined || !/^\d{1,15}$/.test(declared.trim()) || Number(declared) > maxBytes || req.headers['transfer-encoding']) return null;
  const length = Number(declared);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (body: Buffer | null) => {
      req.off('data', onData).off('end', onEnd).off('error', onEnd).off('aborted', onEnd);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = () => done(size === length ? Buffer.concat(chunks) : null);
    req.on('data', onData).once('end', onEnd).once('error', onEnd).once('aborted', onEnd);
  });
}

/**
 * A request whose body was read, to give to Next as if unread: the same socket, method, address and
 * headers, and the body again. Next reads it as any IncomingMessage.
 */
export function replayed(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.headers = req.headers;
  copy.rawHeaders = req.rawHeaders;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.push(body);
  copy.push(null);
  copy.complete = true;
  return copy;
}
