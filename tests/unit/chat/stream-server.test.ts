import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installStreamServer } from '@/lib/chat/stream-server';
import { API_POLICY } from '@/lib/security-headers';

// The event-stream paths are answered before the server's own request listener (Next's, under
// `next start`); everything else still reaches it. Refusals that need no database show which one answered.
let server: Server;
let base = '';
const reachedListener: string[] = [];
let uninstall = () => {};

beforeAll(async () => {
  uninstall = installStreamServer();
  server = createServer((request, response) => {
    reachedListener.push(`${request.method} ${request.url}`);
    response.end('listener');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  uninstall();
  server.close();
});

describe('the stream server', () => {
  it("answers the console's stream itself: 401 without an operator cookie, no-store, the site's headers", async () => {
    const response = await fetch(`${base}/api/admin/events`);
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // The console's API policy, as next.config.ts gives /api/admin/**: nothing may run from the answer.
    expect(response.headers.get('content-security-policy')).toBe(API_POLICY);
    expect(await response.json()).toMatchObject({ error: 'unauthorized' });
  });

  it("answers a visitor's stream itself: 401 without a bearer token", async () => {
    const response = await fetch(`${base}/api/chat/sessions/session_1234567890_abcdef/events?x=1`);
    expect(response.status).toBe(401);
  });

  it('leaves every other request to the listener, these paths with another method included', async () => {
    for (const [method, path] of [
      ['GET', '/fr'],
      ['POST', '/api/admin/events'],
      ['GET', '/api/admin/events/extra'],
      ['GET', '/api/chat/sessions/a/b/events'],
    ] as const) {
      expect(await (await fetch(`${base}${path}`, { method })).text()).toBe('listener');
    }
    expect(reachedListener).toEqual(['GET /fr', 'POST /api/admin/events', 'GET /api/admin/events/extra', 'GET /api/chat/sessions/a/b/events']);
  });
});
