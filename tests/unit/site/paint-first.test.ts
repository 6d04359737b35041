// Next's chunk scripts leave a page's markup for one loader before </body> (lib/paint-first): the
// transform on pages cut anywhere, then the rewrite of a real HTTP server's answers, gzipped after it.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loaderScript, paintFirstTransform } from '@/lib/paint-first/html';
import { installPaintFirst, isPageRequest } from '@/lib/paint-first/server';

// The shape of a page of `next build` (Next 16): chunks in the head, the bootstrap chunk's preload
// and script near the end, inline payload scripts, text that is not ASCII.
const CHUNKS = ['/_next/static/chunks/3iykd_fcw05ap.js', '/_next/static/chunks/turbopack-077hmtqrhcoji.js', '/_next/static/chunks/1jexzsn2qdw84.js'];
const PAGE = [
  '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/37fmb022dtu5j.css" data-precedence="next"/>',
  `<link rel="preload" as="script" fetchPriority="low" href="${CHUNKS[2]}"/>`,
  `<script src="${CHUNKS[0]}" async=""></script>`,
  `<script src="${CHUNKS[1]}" async=""></script>`,
  '<script src="/_next/static/chunks/0cz1d0mv5g_q7.js" noModule=""></script>',
  '<title>Trouver mon visa · Maurice</title></head><body><main><h1>Quel permis pour vous ?</h1>',
  '<p>Séjour, retraite, travail : trois questions 🌴, une réponse.</p></main>',
  '<script id="_R_">self.__next_r="x"</script>',
  `<script src="${CHUNKS[2]}" async=""></script>`,
  '<script>(self.__next_f=self.__next_f||[]).push([0]);if(1<2)self.__next_f.push([1,"<script src=\\"/_next/static/chunks/x.js\\" async=\\"\\"></script>"])</script>',
  '</body></html>',
].join('');
const EXPECTED = PAGE.replace(/<script src="\/_next\/static\/chunks\/[\w.-]+\.js" async=""><\/script>|<link rel="preload" as="script"[^>]*>/g, '').replace(
  '</body>',
  `${loaderScript(CHUNKS)}</body>`,
);

/** The page as the transform gives it, fed `pieces` (strings, or bytes to cut inside a character). */
function fed(pieces: (string | Buffer)[]): string {
  const transform = paintFirstTransform();
  return Buffer.concat([...pieces.map((piece) => transform.push(Buffer.from(piece))), transform.end()]).toString();
}

describe('the paint-first transform', () => {
  it("takes out Next's chunk scripts and their preload, and loads them, in order, from one script before </body>", () => {
    const out = fed([PAGE]);
    expect(out).toBe(EXPECTED);
    expect(out).not.toMatch(/<script src="\/_next\/static\/chunks\/[^"]+" async="">/);
    expect(out).toContain('noModule=""');
    expect(out.indexOf('self.__next_r')).toBeLessThan(out.indexOf('supportedEntryTypes'));
  });

  it('gives the same page whatever the pieces it comes in, cut anywhere (inside a character too)', () => {
    const bytes = Buffer.from(PAGE);
    for (let cut = 1; cut < bytes.length; cut += 1) expect(fed([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(EXPECTED);
    for (const size of [1, 7, 64]) {
      const pieces = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
      expect(fed(pieces)).toBe(EXPECTED);
    }
  });

  it('sends at once what cannot be the start of a rewritten tag', () => {
    const transform = paintFirstTransform();
    const push = (text: string) => transform.push(Buffer.from(text)).toString();
    expect(push('<main><p>1 < 2</p>')).toBe('<main><p>1 < 2</p>');
    expect(push('<script src="/_next/static/chunks/a.js" async="">')).toBe('');
    expect(push('</script><p>')).toBe('<p>');
    expect(push('</bo')).toBe('');
    expect(transform.end().toString()).toBe(`</bo${loaderScript(['/_next/static/chunks/a.js'])}`);
  });

  it('leaves other scripts, and a page without chunks, as they are', () => {
    const other =
      '<html><head><script src="/vendor/map.js" async=""></script><script src="/_next/static/chunks/a.js" async="" nonce="n"></script></head><body></body></html>';
    expect(fed([other])).toBe(other);
  });
});

describe('the pages of an HTTP server', () => {
  let server: Server;
  let base = '';
  let uninstall = () => {};
  const received: IncomingHttpHeaders[] = [];
  // Answers like `next start`: the page in pieces (flushed), a JSON body, an RSC payload.
  const answer = (url: string, res: ServerResponse & { flush?: () => void }) => {
    if (url === '/fr/json') {
      res.setHeader('Content-Type', 'application/json');
      return res.end('{"a":"<script src=\\"/_next/static/chunks/a.js\\" async=\\"\\"></script>"}');
    }
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    if (url === '/fr/large') return void streamLarge(res);
    if (url === '/fr/whole') {
      res.setHeader('Content-Length', Buffer.byteLength(PAGE));
      return res.end(PAGE);
    }
    res.flushHeaders();
    const bytes = Buffer.from(PAGE);
    // Cut inside a tag and inside the palm tree's four bytes.
    const cuts = [0, PAGE.indexOf('async') + 2, Buffer.from(PAGE.slice(0, PAGE.indexOf('🌴'))).length + 2, bytes.length];
    for (let i = 0; i + 1 < cuts.length; i += 1) {
      res.write(bytes.subarray(cuts[i], cuts[i + 1]));
      res.flush?.();
    }
    res.end();
  };

  // As Next pipes a page: the next piece only once a write that returned false has drained.
  const LARGE = `<html><head></head><body>${'<p>Une page longue, écrite en morceaux.</p>'.repeat(2000)}</body></html>`;
  const streamLarge = async (res: ServerResponse & { flush?: () => void }) => {
    res.flushHeaders();
    for (let at = 0; at < LARGE.length; at += 8192) {
      const ok = res.write(LARGE.slice(at, at + 8192));
      res.flush?.();
      if (!ok) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  };

  beforeAll(async () => {
    uninstall = installPaintFirst();
    server = createServer((req, res) => {
      received.push(req.headers);
      answer(req.url ?? '', res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    uninstall();
    server.close();
  });

  const get = async (path: string, headers: Record<string, string>) => {
    const response = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
    return { response, text: await response.text() };
  };
  const PAGE_ACCEPT = { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' };

  it('rewrites a page sent whole, and one streamed in pieces cut anywhere', async () => {
    for (const path of ['/fr/whole', '/fr/streamed']) {
      const { response, text } = await get(path, PAGE_ACCEPT);
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i);
      expect(text).toBe(EXPECTED);
    }
  });

  it('gzips the rewritten page for a browser that accepts gzip, its listener having been asked for none', async () => {
    received.length = 0;
    // fetch() inflates the body itself: it reads the page only if the gzip is whole.
    const response = await fetch(`${base}/fr/streamed`, { headers: { ...PAGE_ACCEPT, 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toBe(EXPECTED);
    expect(received[0]!['accept-encoding']).toBeUndefined();
  });

  it('streams a long page through the gzip as Next writes it, waiting for the drains it is owed', async () => {
    const response = await fetch(`${base}/fr/large`, { headers: { ...PAGE_ACCEPT, 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toBe(LARGE);
  });

  it('leaves alone what is not a page: RSC navigations, the API, files, other types, other methods', async () => {
    expect((await get('/fr/whole', { ...PAGE_ACCEPT, rsc: '1' })).text).toBe(PAGE);
    expect((await get('/api/fr/whole', PAGE_ACCEPT)).text).toBe(PAGE);
    expect((await get('/fr/blog/feed.xml', PAGE_ACCEPT)).text).toBe(PAGE);
    expect((await get('/fr/json', PAGE_ACCEPT)).text).toContain('<script src=');
    expect(isPageRequest({ method: 'HEAD', url: '/fr', headers: PAGE_ACCEPT })).toBe(false);
    expect(isPageRequest({ method: 'GET', url: '/admin/people', headers: PAGE_ACCEPT })).toBe(false);
    expect(isPageRequest({ method: 'GET', url: '/robots.txt', headers: {} })).toBe(false);
    expect(isPageRequest({ method: 'GET', url: '/fr/blog?q=visa.premium', headers: {} })).toBe(true);
    expect(isPageRequest({ method: 'GET', url: '/fr', headers: { accept: '*/*' } })).toBe(true);
  });
});
