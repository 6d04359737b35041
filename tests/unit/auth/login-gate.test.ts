// The login gate answers, before the server's own listener (Next's, under `next start`), the logins
// on a counter this process saw full, with the route's 429; every other login reaches the listener
// with its body as sent. The listener here echoes what it reads, so a body the gate lost shows.
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sealData } from 'iron-session';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const SECRET = 'a-session-secret-of-the-login-gate-test-0123456789';
process.env.SESSION_SECRET = SECRET;
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'login-gate-'));
process.env.TRUSTED_PROXY_HOPS = '1';

const { installLoginGate } = await import('@/lib/auth/login-gate');
const { forgetRefusals, MAX_REFUSALS, refusedFor, rememberRefusal } = await import('@/lib/auth/login-refusals');
const { LOGIN_LIMITS } = await import('@/lib/auth/login-guard');
const { loginCounters } = await import('@/lib/auth/login-throttle');
const { API_POLICY } = await import('@/lib/security-headers');

let server: Server;
let base = '';
const reached: string[] = [];
let uninstall = () => {};

beforeAll(async () => {
  uninstall = installLoginGate();
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      reached.push(`${request.method} ${request.url} ${body}`);
      response.end(`listener read ${body}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  uninstall();
  server.close();
});
beforeEach(() => {
  forgetRefusals();
  reached.length = 0;
});

const post = (body: string, { client = '198.51.100.7', headers = {} }: { client?: string; headers?: Record<string, string> } = {}) =>
  fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client, ...headers }, body });
const login = (email: string, client?: string, headers?: Record<string, string>) => post(JSON.stringify({ email, password: 'guess' }), { client, headers });
const keyOf = (limit: 'pair' | 'account' | 'client', email: string, client: string, knownDevice = false) =>
  loginCounters({ email, client, knownDevice }, LOGIN_LIMITS).find((counter) => counter.limit === limit)!.key;
const fullFor = (key: string, seconds: number) => rememberRefusal(key, Date.now() + seconds * 1000);

describe('the login gate', () => {
  it('gives a login on no full counter to the listener, its body as sent', async () => {
    const body = JSON.stringify({ email: 'Op@Example.test', password: 'pässwörd' });
    const response = await post(body);
    expect(await response.text()).toBe(`listener read ${body}`);
    expect(reached).toEqual([`POST /api/admin/login ${body}`]);
  });

  it("answers the route's 429 itself once the client's counter is full: Retry-After, the site's headers, nothing reaches the listener", async () => {
    fullFor(keyOf('client', 'x@example.test', '198.51.100.7'), 120);
    const response = await login(`random-${Date.now()}@example.test`, '198.51.100.7');
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(100);
    expect(response.headers.get('content-security-policy')).toBe(API_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toMatchObject({ error: 'rate_limited' });
    // Another client is not refused.
    expect((await login('x@example.test', '198.51.100.8')).status).toBe(200);
    expect(reached).toHaveLength(1);
  });

  it("refuses every client once the account's counter is full, and one IPv6 /64 as one client", async () => {
    fullFor(keyOf('account', 'guard@example.test', '203.0.113.1'), 60);
    expect((await login('  Guard@Example.TEST ', '203.0.113.99')).status).toBe(429);
    fullFor(keyOf('client', 'x@example.test', '2001:db8:1:2::1'), 60);
    expect((await login('x@example.test', '2001:db8:1:2:ffff::9')).status).toBe(429);
    expect(reached).toEqual([]);
  });

  it("counts a browser with the account's device cookie by the pair only, as the route does; a forged cookie is a stranger's", async () => {
    fullFor(keyOf('account', 'guard@example.test', '203.0.113.1'), 60);
    const sealed = await sealData({ o: 1, t: Date.now() }, { password: SECRET, ttl: 3600 });
    expect((await login('guard@example.test', '203.0.113.2', { cookie: `operator_device=${sealed}` })).status).toBe(200);
    expect((await login('guard@example.test', '203.0.113.2', { cookie: 'operator_device=forged' })).status).toBe(429);
    fullFor(keyOf('pair', 'guard@example.test', '203.0.113.2', true), 60);
    expect((await login('guard@example.test', '203.0.113.2', { cookie: `operator_device=${sealed}` })).status).toBe(429);
    expect(reached).toHaveLength(1);
  });

  it('leaves to the route what the route refuses first (bad JSON, a bad field, another site, no or too long a body), even on a full counter, and every other path or method', async () => {
    fullFor(keyOf('client', 'x@example.test', '198.51.100.7'), 60);
    await post('{not json');
    await post(JSON.stringify({ email: 'x@example.test' }));
    await post(JSON.stringify({ email: 'x@example.test', password: 'p' }), { headers: { 'sec-fetch-site': 'cross-site' } });
    await post(JSON.stringify({ email: 'x@example.test', password: 'p'.repeat(17_000) }));
    await fetch(`${base}/api/admin/login/code`, { method: 'POST', headers: { 'x-forwarded-for': '198.51.100.7' }, body: '{}' });
    await fetch(`${base}/api/admin/login`, { headers: { 'x-forwarded-for': '198.51.100.7' } });
    const route = 'POST /api/admin/login';
    expect(reached.map((line) => line.split(' ', 2).join(' '))).toEqual([route, route, route, route, 'POST /api/admin/login/code', 'GET /api/admin/login']);
    expect(reached[1]).toBe(`${route} {"email":"x@example.test"}`);
  });

  it('forgets a counter when its window ends, and holds at most MAX_REFUSALS of them, the oldest going first', () => {
    const now = Date.now();
    rememberRefusal('client:a', now + 1000, now);
    expect(refusedFor(['client:a'], now)).toBe(1);
    expect(refusedFor(['client:a'], now + 1000)).toBe(0);
    for (let i = 0; i <= MAX_REFUSALS; i += 1) rememberRefusal(`client:${i}`, now + 60_000, now);
    expect(refusedFor(['client:0'], now)).toBe(0);
    expect(refusedFor(['client:1', `client:${MAX_REFUSALS}`], now)).toBe(60);
  });
});
