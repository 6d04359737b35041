import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serverRssMb } from './abuse-helpers';
import { expect, test } from './fixtures';
import { HEAVY } from './heavy';
import type { NextServer } from './server-process';

/** Every route that reads a body, with the method it reads it for. */
const BODY_ROUTES: { method: string; path: string }[] = [
  { method: 'POST', path: '/api/chat/sessions' },
  { method: 'POST', path: '/api/chat/sessions/s_test/messages' },
  { method: 'POST', path: '/api/chat/sessions/s_test/read' },
  { method: 'POST', path: '/api/leads' },
  { method: 'POST', path: '/api/visa-check' },
  { method: 'POST', path: '/api/visa-check/email' },
  { method: 'POST', path: '/api/admin/login' },
  { method: 'POST', path: '/api/admin/sessions/s_test/messages' },
  { method: 'POST', path: '/api/admin/sessions/s_test/read' },
  { method: 'PATCH', path: '/api/admin/leads/1' },
];

/** Streams up to `totalBytes` (chunked, no Content-Length) until the server answers; returns status and bytes sent. */
function streamBody(url: string, totalBytes: number): Promise<{ status: number; sent: number }> {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  return new Promise((resolve) => {
    let sent = 0;
    let status = 0;
    const request = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.9' } }, (response) => {
      status = response.statusCode ?? 0;
      response.resume();
      response.on('end', () => {
        request.destroy();
        resolve({ status, sent });
      });
    });
    request.on('error', () => resolve({ status, sent }));
    const pump = () => {
      while (sent < totalBytes && status === 0) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (sent >= totalBytes) request.end();
    };
    pump();
  });
}

test.describe('request bodies', () => {
  let server: NextServer;
  test.beforeAll(async ({ servers }) => {
    server = await servers.server('embedded');
  });

  test('every body-reading route refuses an oversized Content-Length with 413 before reading it', async () => {
    for (const { method, path } of BODY_ROUTES) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
        body: JSON.stringify({ padding: 'x'.repeat(20_000) }),
      });
      // Operator routes check the session cookie first: refused either way, body never held.
      expect([413, ...(path.startsWith('/api/admin/') && path !== '/api/admin/login' ? [401] : [])], `${method} ${path}`).toContain(response.status);
    }
  });

  test(`a ${HEAVY.bodyBytes / 1024 / 1024} MB streamed body is cut at 16 KB: 413 and the server memory stays flat`, async () => {
    test.setTimeout(120_000);
    const before = serverRssMb(server);
    const { status, sent } = await streamBody(`${server.url}/api/leads`, HEAVY.bodyBytes);
    const after = serverRssMb(server);
    console.log(`[bodies] RSS before ${before} MB, after ${after} MB; client sent ${(sent / 1024 / 1024).toFixed(1)} MB before the 413`);
    expect(status).toBe(413);
    // The server stopped reading: what the client got out is socket buffers (~4 MB), not the body. A
    // server that read it all would also stay under the RSS bound at the smallest size.
    expect(sent).toBeLessThan(HEAVY.bodyBytes / 4);
    expect(after - before).toBeLessThan(50);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  test('the media type is parsed exactly: text/plain carrying "application/json" in a parameter is 415', async () => {
    for (const type of ['text/plain; x=application/json', 'application/json-seq', 'text/plain', 'application/json; charset=latin1']) {
      const response = await fetch(`${server.url}/api/visa-check`, {
        method: 'POST',
        headers: { 'content-type': type, 'x-forwarded-for': '198.51.100.8' },
        body: '{}',
      });
      expect(response.status, type).toBe(415);
      expect(await response.json()).toMatchObject({ error: 'unsupported_media_type' });
    }
    const exact = await fetch(`${server.url}/api/visa-check`, {
      method: 'POST',
      headers: { 'content-type': 'Application/JSON; charset="UTF-8"', 'x-forwarded-for': '198.51.100.8' },
      body: '{}',
    });
    expect(exact.status).toBe(400);
  });
});

test.describe('cross-site requests', () => {
  let server: NextServer;
  test.beforeAll(async ({ servers }) => {
    server = await servers.server('embedded');
  });

  const lead = { name: 'Csrf Test', email: 'csrf@example.com', message: 'Un message assez long.', consent: true, locale: 'fr' };
  const post = (headers: Record<string, string>) =>
    fetch(`${server.url}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}`, ...headers },
      body: JSON.stringify(lead),
    });

  test('state-changing routes refuse another site by Sec-Fetch-Site or Origin, and let non-browser clients through', async () => {
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of refused) {
      const response = await post(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toMatchObject({ error: 'cross_origin' });
    }
    expect((await post({ 'sec-fetch-site': 'same-origin', origin: server.url })).status).toBe(201);
    expect((await post({ origin: server.url })).status).toBe(201);
    expect((await post({})).status).toBe(201);
    // Operator routes check it before the session; body-less changes too (logout, a test push).
    // The console's own changes are server actions, which Next refuses from another origin (admin-canned.spec.ts).
    const logout = await fetch(`${server.url}/api/admin/logout`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(logout.status).toBe(403);
    const testPush = await fetch(`${server.url}/api/admin/push/test`, { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(testPush.status).toBe(403);
  });

  test('a form on another site posting to the contact route is refused in a real browser', async ({ page }) => {
    const attacker = createServer((_, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(
        `<form id="f" method="post" action="${server.url}/api/leads"><input name="name" value="Csrf"><input name="email" value="x@example.com"><input name="message" value="Un message assez long."><input name="consent" value="on"></form><script>document.getElementById('f').submit()</script>`,
      );
    });
    await new Promise<void>((resolve) => attacker.listen(0, 'localhost', resolve));
    try {
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/leads'));
      await page.goto(`http://localhost:${(attacker.address() as AddressInfo).port}/`);
      expect((await answer).status()).toBe(403);
    } finally {
      attacker.close();
    }
  });
});
