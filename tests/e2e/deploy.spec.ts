import type { IncomingMessage } from 'node:http';
import { E2E_OPERATOR } from '../../playwright.config';
import type { RunningNginx } from '../support/nginx.mjs';
import { ChatWidgetPage } from './chat-widget-helpers';
import { expect, test } from './fixtures';
import { startServer, testPort, type NextServer } from './server-process';
import { REQUIRED, requirePostgres } from './servers';

// The whole deployment on this machine: the shipped deploy/nginx.conf (TLS, cache, SSE) in front
// of two `next start` instances sharing one PostgreSQL database.
// (The helpers are an ES module shared with `npm run bench:pages`: imported dynamically.)
test.describe.configure({ mode: 'serial' });

const SECRET = 'one-secret-shared-by-every-instance-0123456789';
let database: ReturnType<typeof requirePostgres> | undefined;
let instances: NextServer[] = [];
let proxy: RunningNginx;
let request: typeof import('../support/nginx.mjs').request;

test.beforeAll(async ({ servers }) => {
  test.setTimeout(180_000);
  const edge = await import('../support/nginx.mjs');
  request = edge.request;
  if (!edge.nginxBinary()) {
    const missing = 'nginx is not installed: apt-get install -y nginx-light (.ci/run does it) to run the deployment tests';
    if (REQUIRED) throw new Error(missing);
    test.skip(true, missing);
  }
  database = requirePostgres('edge');
  const env = {
    DATABASE_URL: database.url,
    OPERATOR_EMAIL: E2E_OPERATOR.email,
    OPERATOR_PASSWORD: E2E_OPERATOR.password,
    SESSION_SECRET: SECRET,
    TRUSTED_PROXY_HOPS: '1',
  };
  // Servers of its own: the proxy's cache and access log must see only this spec's requests.
  instances = await Promise.all([startServer(servers.port(0), env), startServer(servers.port(1), env)]);
  proxy = await edge.startNginx({
    httpPort: testPort(servers.port(2)),
    httpsPort: testPort(servers.port(3)),
    appServers: instances.map((instance) => new URL(instance.url).host),
  });
});

test.afterAll(async () => {
  await proxy?.stop();
  await Promise.all(instances.map((instance) => instance.stop()));
  database?.drop();
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  request(proxy.origin, proxy.ca, pathname, { headers: { 'accept-encoding': 'gzip', ...headers } });
const postJson = (pathname: string, data: unknown, { headers = {}, localAddress }: { headers?: Record<string, string>; localAddress?: string } = {}) =>
  request(proxy.origin, proxy.ca, pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(data),
    localAddress,
  });
const json = <T>(response: { body: Buffer }) => JSON.parse(response.body.toString('utf8')) as T;

/** Lines of nginx's access log for a path (it flushes within a second). */
async function logLines(match: (line: string) => boolean, atLeast = 1): Promise<string[]> {
  for (let waited = 0; ; waited += 200) {
    const lines = proxy.accessLog().split('\n').filter(match);
    if (lines.length >= atLeast || waited > 5_000) return lines;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
const upstreamOf = (line: string) => /upstream=(\S+)/.exec(line)?.[1];

async function operatorLogin() {
  const login = await postJson('/api/admin/login', { email: E2E_OPERATOR.email, password: E2E_OPERATOR.password });
  expect(login.status).toBe(200);
  const cookie = String(login.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
  expect(login.headers['set-cookie']?.[0]).toMatch(/;\s*secure/i);
  return cookie;
}

async function newVisitor(localAddress?: string) {
  const created = await postJson('/api/chat/sessions', { locale: 'fr', startPage: '/fr' }, { localAddress });
  expect(created.status).toBe(201);
  return json<{ id: string; token: string }>(created);
}

interface StreamEvent {
  id: number;
  content: string;
  at: number;
}

/** An SSE reader through the proxy that reconnects like EventSource, with Last-Event-ID. */
function followStream(pathname: string, headers: Record<string, string>) {
  const events: StreamEvent[] = [];
  let reconnects = 0;
  let stopped = false;
  let current: { abort: () => void } | null = null;
  let ready: () => void;
  const connected = new Promise<void>((resolve) => (ready = resolve));
  const connect = async (): Promise<void> => {
    const lastId = events.at(-1)?.id ?? 0;
    let stream: IncomingMessage;
    try {
      const opened = await request(proxy.origin, proxy.ca, pathname, {
        headers: { ...headers, accept: 'text/event-stream', 'last-event-id': String(lastId) },
        stream: true,
      });
      current = opened;
      stream = opened.stream;
    } catch {
      return retry();
    }
    let buffer = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.includes(': connected')) ready();
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        // Messages only: typing and read signals travel on the same stream.
        const data = lines.find((line) => line.startsWith('data: '));
        const message = (lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message') === 'message';
        if (data && message) events.push({ ...(JSON.parse(data.slice(6)) as { id: number; content: string }), at: Date.now() });
      }
    });
    stream.on('close', retry);
  };
  function retry() {
    if (stopped) return;
    reconnects += 1;
    setTimeout(() => void connect(), 300);
  }
  void connect();
  return { events, connected, reconnects: () => reconnects, stop: () => ((stopped = true), current?.abort()) };
}

test('plain HTTP redirects to HTTPS, which sets HSTS once', async () => {
  const redirect = await request(proxy.httpOrigin, proxy.ca, '/fr/about?x=1');
  expect(redirect.status).toBe(301);
  expect(redirect.headers.location).toBe(`${proxy.origin}/fr/about?x=1`);
  const page = await get('/fr/about');
  expect(page.status).toBe(200);
  expect(page.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
});

test('a second request for a page or a plan is a cache hit, compressed once; searches are not kept', async () => {
  for (const pathname of ['/fr/services', '/en/blog', '/de/blog?category=Business', '/it/blog?page=1']) {
    const first = await get(pathname);
    expect(first.status, pathname).toBe(200);
    expect(first.headers['x-cache-status'], pathname).toMatch(/^(MISS|HIT)$/);
    const second = await get(pathname);
    expect(second.headers['x-cache-status'], pathname).toBe('HIT');
    expect(second.headers['content-encoding'], pathname).toBe('gzip');
    expect(second.body.equals(first.body), pathname).toBe(true);
  }
  // A client that does not accept gzip gets the page uncompressed, from its own cache entry.
  const plain = await request(proxy.origin, proxy.ca, '/fr/services');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString('utf8')).toContain('<link rel="canonical"');

  const asset = /\/_next\/static\/[^"]+\.js/.exec((await request(proxy.origin, proxy.ca, '/fr/services')).body.toString('utf8'))![0];
  await get(asset);
  const cachedAsset = await get(asset);
  expect(cachedAsset.headers['x-cache-status']).toBe('HIT');
  expect(cachedAsset.headers['cache-control']).toContain('immutable');

  // A relocation plan is rendered from its query, then kept until midnight in Mauritius.
  const plan = '/en/visa-finder/plan?nationality=France&duration=1-2+ans&work_status=Oui&work_context=local_employer&arrival=2027-03-01';
  const planFirst = await get(plan);
  expect(planFirst.status).toBe(200);
  expect(planFirst.headers['cache-control']).toMatch(/^public, max-age=\d+, s-maxage=\d+$/);
  const planSecond = await get(plan);
  expect(planSecond.headers['x-cache-status']).toBe('HIT');
  expect(planSecond.body.equals(planFirst.body)).toBe(true);

  for (let i = 0; i < 2; i += 1) {
    const search = await get('/fr/blog?q=permis');
    expect(search.status).toBe(200);
    expect(search.headers['x-cache-status']).not.toBe('HIT');
  }
});

test('API answers and the operator console are never cached', async () => {
  for (const pathname of ['/api/health', '/api/health', '/admin/conversations', '/admin/conversations']) {
    const response = await get(pathname);
    expect(response.status, pathname).toBe(200);
    expect(response.headers['x-cache-status'], pathname).toBeUndefined();
  }
  const lines = await logLines((line) => line.includes('"GET /api/health '), 2);
  expect(lines.length).toBeGreaterThanOrEqual(2);
  for (const line of lines) expect(upstreamOf(line)).toMatch(/^127\.0\.0\.1:\d+$/);
});

test("a visitor's message reaches the operator on the other instance, over SSE through the proxy, in under a second", async () => {
  const cookie = await operatorLogin();
  const console_ = followStream('/api/admin/events', { cookie });
  await console_.connected;
  const visitor = await newVisitor();
  // nginx balances per worker process: four messages in a row, and at least one must cross
  // from one instance to the operator's stream on the other, in under a second.
  const latencies: number[] = [];
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    const content = `Bonjour, je passe par le proxy (${attempt})`;
    const started = Date.now();
    const sent = await postJson(`/api/chat/sessions/${visitor.id}/messages`, { content }, { headers: { authorization: `Bearer ${visitor.token}` } });
    expect(sent.status).toBe(201);
    await expect.poll(() => console_.events.find((event) => event.content === content)?.at, { timeout: 5_000 }).toBeDefined();
    latencies.push(console_.events.find((event) => event.content === content)!.at - started);
  }
  console_.stop();
  // The stream's access-log line is written when it ends.
  const [events] = await logLines((line) => line.includes('"GET /api/admin/events '));
  const messages = await logLines((line) => line.includes(`"POST /api/chat/sessions/${visitor.id}/messages `), 4);
  const crossed = messages
    .map((line, index) => ({ upstream: upstreamOf(line), latency: latencies[index]! }))
    .filter((sent) => sent.upstream !== upstreamOf(events!));
  expect(crossed.length, 'a message sent to the other instance').toBeGreaterThan(0);
  for (const sent of crossed) expect(sent.latency).toBeLessThan(1_000);
});

test('a forged X-Forwarded-For does not escape the chat session-creation limit', async () => {
  // Each instance allows 10 new conversations a minute per client: 20 behind two instances.
  const client = `127.0.0.${10 + Math.floor(Math.random() * 200)}`;
  const statuses: number[] = [];
  for (let i = 0; i < 26; i += 1) {
    const forged = { 'x-forwarded-for': `203.0.113.${i + 1}`, 'x-real-ip': `198.51.100.${i + 1}` };
    const response = await postJson('/api/chat/sessions', { locale: 'fr', startPage: '/fr' }, { headers: forged, localAddress: client });
    statuses.push(response.status);
  }
  expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(20);
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(6);
  // Another client (another address nginx sees) still gets its own, fresh limit.
  const other = await postJson('/api/chat/sessions', { locale: 'fr', startPage: '/fr' }, { localAddress: client === '127.0.0.3' ? '127.0.0.4' : '127.0.0.3' });
  expect(other.status).toBe(201);
});

test('the proxy caps sign-in attempts per client before the app sees them', async () => {
  // 40 at once, so that the answer time of the app (a password hash each) refills no token: a burst
  // of 20 (+1) reaches the app, the rest get nginx's own 429, an HTML page where the app answers JSON.
  const client = `127.0.1.${10 + Math.floor(Math.random() * 200)}`;
  const attempts = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      postJson('/api/admin/login', { email: `flood-${i}@example.com`, password: 'wrong-password-0000' }, { localAddress: client }),
    ),
  );
  const fromProxy = attempts.filter((attempt) => attempt.status === 429 && String(attempt.headers['content-type']).startsWith('text/html'));
  expect(fromProxy.length).toBeGreaterThanOrEqual(18);
  expect(attempts.length - fromProxy.length).toBeGreaterThanOrEqual(20);
  const other = await postJson('/api/admin/login', { email: 'flood-other@example.com', password: 'wrong-password-0000' }, { localAddress: '127.0.1.3' });
  expect(String(other.headers['content-type'])).toMatch(/json/);
});

test('the operator logs in and replies through the proxy, in Chromium', async ({ browser }) => {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const visitorPage = await context.newPage();
  const operatorPage = await context.newPage();
  try {
    await visitorPage.goto(`${proxy.origin}/es/services`);
    const chat = new ChatWidgetPage(visitorPage);
    await chat.open(/Abrir el chat/);
    await chat.waitReady();
    await chat.send('Hola, escribo a través del proxy');
    const { id } = (await chat.storedSession())!;

    await operatorPage.goto(`${proxy.origin}/admin`);
    await operatorPage.getByLabel('Adresse e-mail').fill(E2E_OPERATOR.email);
    await operatorPage.getByLabel('Mot de passe').fill(E2E_OPERATOR.password);
    await operatorPage.getByRole('button', { name: 'Se connecter' }).click();
    await operatorPage.locator(`a[data-session-id="${id}"]`).click();
    await expect(operatorPage.getByRole('log').getByText('Hola, escribo a través del proxy')).toBeVisible();
    await operatorPage.getByPlaceholder('Tapez votre réponse...').fill('¡Bienvenido! Le respondo enseguida.');
    await operatorPage.getByPlaceholder('Tapez votre réponse...').press('Enter');
    await expect(chat.log.getByText('¡Bienvenido! Le respondo enseguida.')).toBeVisible();
  } finally {
    await context.close();
  }
});

test("stopping one instance (SIGTERM) moves its visitors' streams to the other, with no loss and no duplicate", async () => {
  test.setTimeout(120_000);
  const cookie = await operatorLogin();
  const visitors = await Promise.all([1, 2, 3, 4].map((n) => newVisitor(`127.0.0.${220 + n}`)));
  const streams = visitors.map((visitor) => followStream(`/api/chat/sessions/${visitor.id}/events`, { authorization: `Bearer ${visitor.token}` }));
  await Promise.all(streams.map((stream) => stream.connected));

  const replies = Array.from({ length: 12 }, (_, index) => `Réponse ${index + 1}`);
  for (const [index, content] of replies.entries()) {
    if (index === 4) void instances[0]!.stop('SIGTERM');
    for (const visitor of visitors) {
      const response = await postJson(`/api/admin/sessions/${visitor.id}/messages`, { content }, { headers: { cookie } });
      expect(response.status, `${content} to ${visitor.id}`).toBe(201);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  for (const stream of streams) {
    await expect.poll(() => stream.events.filter((event) => event.content.startsWith('Réponse')).length, { timeout: 15_000 }).toBe(replies.length);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const stream of streams) {
    stream.stop();
    const ids = stream.events.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(stream.events.map((event) => event.content)).toEqual(replies);
  }
  // At least one stream was on the stopped instance and came back through the proxy.
  expect(streams.reduce((total, stream) => total + stream.reconnects(), 0)).toBeGreaterThan(0);
});
