import 'server-only';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { createGzip, type Gzip } from 'node:zlib';
import { takeRequests } from '@/lib/api/node-bridge';
import { describeError } from '@/lib/log/describe-error';
import { paintFirstTransform } from './html';

// Every page a browser navigates to goes through paintFirstTransform (html.ts) on its way out.
// Next compresses its answers, and the rewrite needs the HTML: such a request reaches Next without
// Accept-Encoding, and its page is gzipped here, after the rewrite, when the browser accepts gzip
// (Next's compression: gzip, the default level, flushed whenever Next flushes a streamed page).

const INSTALLED = Symbol.for('maurice-expat.paint-first');
// Next's files, the API and the console (whose nonce policy is its own) are not pages of the site,
// nor is a path whose last segment names a file (robots.txt, sitemap.xml, the blog's feed.xml…).
const NOT_PAGES = /^\/(?:_next|api|admin)(?:\/|$)|\.[^/]*$/;

/**
 * A page of the site (not an RSC navigation, which Next answers as data). Whatever the client
 * accepts: a cache in front (deploy/nginx.conf) keeps one copy per URL, the same for every client.
 */
export function isPageRequest(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): boolean {
  const path = req.url?.split(/[?#]/, 1)[0] ?? '';
  return req.method === 'GET' && path.startsWith('/') && !NOT_PAGES.test(path) && req.headers.rsc === undefined;
}

type Callback = (error?: Error | null) => void;
const callbackOf = (...args: unknown[]): Callback | undefined => args.find((arg): arg is Callback => typeof arg === 'function');

function addVary(res: ServerResponse, name: string) {
  const vary = String(res.getHeader('vary') ?? '');
  if (
    !vary
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(name.toLowerCase())
  )
    res.setHeader('Vary', vary ? `${vary}, ${name}` : name);
}

/** Rewrites `res`'s body when it turns out to be HTML (decided when its headers go out). */
function rewriteAnswer(res: ServerResponse, gzip: boolean) {
  // The response's own methods, called as Node does (any of their overloads).
  type Method<R> = (this: ServerResponse, ...args: unknown[]) => R;
  const writeHead = res.writeHead as Method<ServerResponse>;
  const flushHeaders = res.flushHeaders;
  const write = res.write as Method<boolean>;
  const end = res.end as Method<ServerResponse>;
  let rewriting: boolean | null = null;
  const transform = paintFirstTransform();
  let zip: Gzip | null = null;

  const decide = () => {
    if (rewriting !== null) return rewriting;
    rewriting = !res.headersSent && String(res.getHeader('content-type') ?? '').startsWith('text/html') && res.getHeader('content-encoding') === undefined;
    if (!rewriting) return false;
    res.removeHeader('content-length');
    addVary(res, 'Accept-Encoding');
    if (gzip) {
      res.setHeader('Content-Encoding', 'gzip');
      zip = createGzip();
      zip.on('data', (bytes: Buffer) => write.call(res, bytes));
      // Next waits for the response's 'drain' when a write returns false (the zip's buffer is full).
      zip.on('drain', () => res.emit('drain'));
      zip.on('error', (error) => {
        console.error(`[paint-first] gzip: ${describeError(error)}`);
        res.destroy(error);
      });
    }
    return true;
  };
  const send = (bytes: Buffer) => {
    if (bytes.length === 0) return true;
    return zip ? zip.write(bytes) : write.call(res, bytes);
  };
  // Next writes Buffers (Uint8Arrays); a string is taken as Node takes it.
  const bytesOf = (chunk: unknown, encoding?: unknown): Buffer =>
    typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);

  res.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    const headers = (typeof rest[0] === 'string' ? rest[1] : rest[0]) as OutgoingHttpHeaders | string[] | undefined;
    // Headers given here are set first, so that the decision sees them (a raw array is left alone).
    if (headers && !Array.isArray(headers)) {
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
      rest = typeof rest[0] === 'string' ? [rest[0]] : [];
    }
    res.statusCode = statusCode;
    if (!Array.isArray(headers)) decide();
    return writeHead.call(this, statusCode, ...rest);
  } as ServerResponse['writeHead'];

  res.flushHeaders = function (this: ServerResponse) {
    decide();
    flushHeaders.call(this);
  };

  // Next calls this after each piece of a streamed page (the compression middleware's method).
  (res as ServerResponse & { flush?: () => void }).flush = () => zip?.flush();

  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (!decide()) return write.call(this, chunk, ...rest);
    const ok = send(transform.push(bytesOf(chunk, rest[0])));
    callbackOf(...rest)?.();
    return ok;
  } as ServerResponse['write'];

  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (!decide()) return end.call(this, ...args);
    const chunk = typeof args[0] === 'function' || args[0] === undefined || args[0] === null ? null : args[0];
    const last = chunk === null ? transform.end() : Buffer.concat([transform.push(bytesOf(chunk, args[1])), transform.end()]);
    const callback = callbackOf(...args);
    if (!zip) return end.call(this, last, callback);
    zip.once('end', () => end.call(res, callback));
    zip.end(last);
    return this;
  } as ServerResponse['end'];
}

/** Rewrites the pages of this process's HTTP server before Next's listeners see them (instrumentation.ts). */
export function installPaintFirst(): () => void {
  return takeRequests(INSTALLED, (req, res) => {
    if (!isPageRequest(req)) return false;
    const gzip = /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));
    delete req.headers['accept-encoding'];
    rewriteAnswer(res, gzip);
    // Not taken: Next answers it, through the methods replaced above.
    return false;
  });
}
