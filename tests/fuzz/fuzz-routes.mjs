// Sends random and mutated methods, headers and bodies to every API route handler of a running
// server and reports per route the answers by status and the count of 5xx (target 0), with the
// server's memory before and after. Run by `npm run fuzz` (tests/fuzz/run-fuzz.mjs) and, shorter,
// by the e2e suite.
import { execFileSync } from 'node:child_process';

export const OPERATOR = { email: 'fuzz@example.test', password: 'fuzz-password-123' };

// A small seeded generator: a failing run can be replayed with the same --seed.
let state = 1;
export const seedFuzz = (seed) => (state = Number(seed) >>> 0 || 1);
const random = () => (state = (Math.imul(state ^ (state >>> 15), 2246822507) + 0x9e3779b9) >>> 0) / 2 ** 32;
const pick = (items) => items[Math.floor(random() * items.length)];
const chance = (p) => random() < p;

const STRINGS = [
  '',
  ' ',
  'a',
  'x'.repeat(3000),
  '\u0000',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '\ud800',
  '😀'.repeat(50),
  '%00',
  'null',
  '1e309',
  '-1',
  '0',
  '9007199254740993',
  'fr',
  'en',
  'France',
  'Oui',
  'a@b.co',
  'not-an-email',
];
const randomValue = (depth = 0) => {
  const kind = Math.floor(random() * (depth > 2 ? 5 : 7));
  if (kind === 0) return pick(STRINGS);
  if (kind === 1) return Math.floor(random() * 2 ** 40) * (chance(0.5) ? -1 : 1);
  if (kind === 2) return chance(0.5);
  if (kind === 3) return null;
  if (kind === 4) return random();
  if (kind === 5) return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(depth + 1));
  return Object.fromEntries(
    Array.from({ length: Math.floor(random() * 5) }, () => [
      pick([
        'content',
        'email',
        'name',
        'locale',
        'consent',
        'password',
        'handled',
        'startPage',
        'message',
        'nationality',
        '__proto__',
        'constructor',
        pick(STRINGS),
      ]),
      randomValue(depth + 1),
    ]),
  );
};

/** A valid body of the route, with one field changed, dropped or retyped half of the time. */
function mutate(valid) {
  if (!valid || chance(0.3)) return randomValue();
  const body = { ...valid };
  const keys = Object.keys(body);
  if (keys.length && chance(0.6)) {
    const key = pick(keys);
    if (chance(0.3)) delete body[key];
    // A valid value with a NUL, a control character or a lone surrogate inside: short strings
    // alone never pass the length checks that come before the database.
    else if (typeof body[key] === 'string' && chance(0.3)) body[key] = `${body[key]} ${pick(['\u0000', '\u0007', '\ud800', '\u202e'])} ${body[key]}`;
    else body[key] = randomValue();
  }
  return body;
}

function rawBody(valid) {
  const roll = random();
  if (roll < 0.6) return JSON.stringify(mutate(valid));
  if (roll < 0.7) return JSON.stringify(mutate(valid)).slice(0, Math.floor(random() * 40));
  if (roll < 0.8) return Buffer.from(Array.from({ length: Math.floor(random() * 300) }, () => Math.floor(random() * 256)));
  if (roll < 0.85) return 'x'.repeat(20_000 + Math.floor(random() * 20_000));
  if (roll < 0.95) return new URLSearchParams(Object.entries(mutate(valid) ?? {}).map(([k, v]) => [k, String(v)])).toString();
  return '';
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain; x=application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'text/plain',
  '',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
];

function headersFor(context) {
  const headers = {};
  if (chance(0.9)) headers['content-type'] = chance(0.6) ? 'application/json' : pick(CONTENT_TYPES);
  headers['x-forwarded-for'] = chance(0.7)
    ? `10.${Math.floor(random() * 255)}.${Math.floor(random() * 255)}.${Math.floor(random() * 255)}`
    : pick(['', 'garbage', '1.1.1.1, 2.2.2.2', 'x'.repeat(4000), '::1', '::ffff:1.2.3.4']);
  if (chance(0.7))
    headers.authorization =
      chance(0.8) && context.visitor ? `Bearer ${context.visitor.token}` : pick(['Bearer ', 'Bearer x', `Bearer ${'a'.repeat(200)}`, 'Basic abc', '']);
  if (chance(0.7))
    headers.cookie = chance(0.8) && context.cookie ? context.cookie : pick(['operator_session=abc', `__Host-operator_session=${'x'.repeat(500)}`, '']);
  if (chance(0.3)) headers['last-event-id'] = pick(['0', '-1', 'abc', '99999999999999999', '5']);
  if (chance(0.2)) headers.origin = pick(['https://evil.example', 'null', context.base]);
  if (chance(0.2)) headers['sec-fetch-site'] = pick(['same-origin', 'cross-site', 'none', 'bogus']);
  return headers;
}

const METHODS = ['GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD', 'OPTIONS'];

const PLAN_QUERY = {
  nationality: 'France',
  duration: '6-12 mois',
  work_status: 'Oui',
  work_context: 'remote_foreign',
  family: 'Oui',
  arrival: '2027-03-01',
  locale: 'fr',
};
/** The calendar's query (a plan's answers and date), valid or with one value mutated or dropped. */
function planQuery() {
  const query = { ...PLAN_QUERY };
  if (chance(0.8)) {
    const key = pick(Object.keys(query));
    if (chance(0.2)) delete query[key];
    else query[key] = pick(['', 'x'.repeat(5000), '2027-02-30', '1900-01-01', '9999-12-31', '\u0000', '<script>', '-1', 'zz', '2027-3-1', '../../etc']);
  }
  return new URLSearchParams(query).toString();
}

/**
 * Every route handler under app/api, with a valid body to mutate where it reads one
 * (tests/unit/api/fuzz-coverage.test.ts fails when a route.ts is missing here).
 */
const ROUTES = (ctx) => [
  { path: '/api/health', methods: ['GET'] },
  { path: '/api/visa-check', methods: ['POST'], body: { nationality: 'France', duration: '1-2 ans', work_status: 'Oui', locale: 'fr' } },
  {
    path: '/api/visa-check/email',
    methods: ['POST'],
    body: { nationality: 'France', duration: '1-2 ans', work_status: 'Oui', locale: 'fr', email: 'fuzz@example.com', consent: true },
  },
  { name: '/api/visa-plan/ics', methods: ['GET'], path: () => `/api/visa-plan/ics?${planQuery()}` },
  { path: '/api/leads', methods: ['POST'], body: { name: 'Fuzz', email: 'fuzz@example.com', message: 'Un message assez long.', consent: true, locale: 'fr' } },
  { path: '/api/chat/sessions', methods: ['POST'], body: { locale: 'fr', startPage: '/fr' } },
  { name: '/api/chat/sessions/[id]', methods: ['DELETE'], path: () => `/api/chat/sessions/${ctx.sessionId()}` },
  {
    name: '/api/chat/sessions/[id]/messages',
    methods: ['GET', 'POST'],
    path: () => `/api/chat/sessions/${ctx.sessionId()}/messages`,
    body: { content: 'Bonjour' },
  },
  { name: '/api/chat/sessions/[id]/read', methods: ['POST'], path: () => `/api/chat/sessions/${ctx.sessionId()}/read`, body: { lastReadId: 1 } },
  { name: '/api/chat/sessions/[id]/events', methods: ['GET'], path: () => `/api/chat/sessions/${ctx.sessionId()}/events`, stream: true },
  { name: '/api/chat/sessions/[id]/typing', methods: ['POST'], path: () => `/api/chat/sessions/${ctx.sessionId()}/typing` },
  {
    name: '/api/chat/sessions/[id]/trail',
    methods: ['POST'],
    path: () => `/api/chat/sessions/${ctx.sessionId()}/trail`,
    body: { path: '/fr/blog', title: 'Blog' },
  },
  {
    name: '/api/chat/sessions/[id]/email',
    methods: ['GET', 'PUT', 'DELETE'],
    path: () => `/api/chat/sessions/${ctx.sessionId()}/email`,
    body: { email: 'fuzz@example.com' },
  },
  { path: '/api/chat/resume', methods: ['POST'], body: { token: 'AbCdEfGhIjKlMnOpQrStUvWx' } },
  { path: '/api/chat/status', methods: ['GET'] },
  // Random addresses: past 20 failures from the fuzzer's client the login answers 429 without a hash
  // (by design). The operator's own address comes 1 time in 50.
  {
    path: '/api/admin/login',
    methods: ['POST'],
    body: () => (chance(0.02) ? OPERATOR : { ...OPERATOR, email: `fuzz-${Math.floor(random() * 1e9)}@example.test` }),
  },
  { path: '/api/admin/logout', methods: ['POST'] },
  { path: '/api/admin/login/code', methods: ['POST'], body: () => pick([{ code: '123456' }, { code: '' }, { code: 'ABCDE-FGH23' }, { code: 7 }]) },
  {
    path: '/api/admin/login/passkey',
    methods: ['POST'],
    body: () => pick([{ options: true }, { response: { id: 'x', type: 'public-key' } }, { response: 'x' }]),
  },
  { path: '/api/admin/session', methods: ['POST'] },
  { path: '/api/admin/audit/export', methods: ['GET'] },
  { path: '/api/admin/sessions', methods: ['GET'] },
  { name: '/api/admin/sessions/[id]', methods: ['GET', 'DELETE'], path: () => `/api/admin/sessions/${ctx.sessionId()}` },
  { name: '/api/admin/sessions/[id]/messages', methods: ['POST'], path: () => `/api/admin/sessions/${ctx.sessionId()}/messages`, body: { content: 'Réponse' } },
  { name: '/api/admin/sessions/[id]/read', methods: ['POST'], path: () => `/api/admin/sessions/${ctx.sessionId()}/read`, body: { lastReadId: 1 } },
  { name: '/api/admin/sessions/[id]/typing', methods: ['POST'], path: () => `/api/admin/sessions/${ctx.sessionId()}/typing` },
  { name: '/api/admin/sessions/[id]/booking', methods: ['POST'], path: () => `/api/admin/sessions/${ctx.sessionId()}/booking` },
  { name: '/api/admin/sessions/[id]/trail', methods: ['GET'], path: () => `/api/admin/sessions/${ctx.sessionId()}/trail` },
  { path: '/api/admin/events', methods: ['GET'], stream: true },
  { path: '/api/admin/canned-replies', methods: ['GET'] },
  {
    name: '/api/admin/privacy',
    methods: ['GET'],
    path: () => `/api/admin/privacy?email=${encodeURIComponent(pick(['fuzz@example.com', '', 'x', '%', 'a'.repeat(300)]))}`,
  },
  { path: '/api/admin/people', methods: ['GET'] },
  {
    name: '/api/admin/search',
    methods: ['GET'],
    path: () => `/api/admin/search?q=${encodeURIComponent(pick(['réunion', "'&|!:*", '', 'a'.repeat(300), 'x y z']))}`,
  },
  { name: '/api/admin/people/export', methods: ['GET'], path: () => `/api/admin/people/export?view=${pick(['open', 'all', 'follow_up', 'x'])}` },
  { path: '/api/admin/push', methods: ['GET', 'PATCH'], body: () => pick([{ hideText: true }, { hideText: 'oui' }]) },
  {
    path: '/api/admin/push/devices',
    methods: ['POST'],
    // Endpoints the server refuses (a reserved name, plain http): the fuzz never makes it send a push.
    body: () => ({
      subscription: {
        endpoint: pick(['https://push.example.invalid/fuzz', 'http://10.0.0.1/x', 'https://127.0.0.1/x']),
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
      },
      name: 'Fuzz',
    }),
  },
  {
    name: '/api/admin/push/devices/[id]',
    methods: ['PATCH', 'DELETE'],
    path: () => `/api/admin/push/devices/${pick(['1', '0', '-1', 'abc', '99999999999999999999'])}`,
    body: { name: 'Téléphone' },
  },
  { path: '/api/admin/push/test', methods: ['POST'] },
  {
    name: '/api/admin/dossiers/files/[id]',
    methods: ['GET'],
    path: () => `/api/admin/dossiers/files/${pick(['1', '0', '-1', 'abc', '99999999999999999999'])}?inline=${pick(['1', '0', 'x'])}`,
  },
  { name: '/api/admin/dossiers/[id]/archive', methods: ['GET'], path: () => `/api/admin/dossiers/${pick(['1', '0', 'abc', '1e3'])}/archive` },
  {
    name: '/api/dossier/open',
    methods: ['GET', 'POST'],
    path: () => `/api/dossier/open?token=${encodeURIComponent(pick(['', 'x', 'A'.repeat(43), '%00', 'a'.repeat(5000)]))}&lang=${pick(['de', 'xx', ''])}`,
    body: () => pick([{ token: 'A'.repeat(43) }, { token: '' }, { token: 7 }, {}]),
  },
  { path: '/api/dossier/link', methods: ['POST'], body: () => pick([{ email: 'fuzz@example.com' }, { email: '' }, { email: 7 }]) },
  {
    name: '/api/dossier/items/[id]/files',
    methods: ['PUT'],
    path: () => `/api/dossier/items/${pick(['1', '0', 'abc'])}/files?name=${encodeURIComponent(pick(['a.pdf', '', '../x.pdf', 'x'.repeat(300)]))}`,
    body: { page: '%PDF-1.4' },
  },
  { name: '/api/admin/[...path]', methods: ['GET', 'POST'], path: () => `/api/admin/${pick(['nope', 'a/b/c', '..', '%2e%2e'])}` },
];

/** The app/api route of each fuzzed entry, as its folder path (`/api/chat/sessions/[id]`). */
export const fuzzedRouteNames = () => ROUTES({ sessionId: () => '' }).map((route) => route.name ?? route.path);

const rssMb = (pid) =>
  Math.round(
    execFileSync('ps', ['-o', 'rss=', '-g', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) / 1024,
  );

async function call(base, route, ctx) {
  const method = chance(0.8) ? pick(route.methods) : pick(METHODS);
  const url = `${base}${typeof route.path === 'function' ? route.path() : route.path}`;
  const headers = headersFor(ctx);
  const withBody = !['GET', 'HEAD'].includes(method) && chance(0.9);
  const controller = new AbortController();
  // Streams are cut after their first answer. Anything else gets two minutes: longer than the
  // login's longest delay (30 s) plus a full hash queue on a loaded machine. A request given up
  // earlier would keep its place in the server's hash queue while the worker sent the next one,
  // and the queue's designed refusal (503 busy) would be counted as a failure.
  const timer = setTimeout(() => controller.abort(), route.stream ? 300 : 120_000);
  try {
    const response = await fetch(url, {
      method,
      headers,
      body: withBody ? rawBody(typeof route.body === 'function' ? route.body() : route.body) : undefined,
      signal: controller.signal,
      redirect: 'manual',
    });
    const status = response.status;
    await response.body?.cancel().catch(() => undefined);
    return status;
  } catch (error) {
    // A stream cut by our own timer is expected; anything else is a failure to answer.
    return controller.signal.aborted && route.stream ? 200 : `error:${error.cause?.code ?? error.name}`;
  } finally {
    clearTimeout(timer);
  }
}

async function operatorCookie(base) {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.250.0.1' },
    body: JSON.stringify(OPERATOR),
  });
  return (login.headers.get('set-cookie') ?? '').split(';')[0];
}

async function prepare(base) {
  for (
    let attempt = 0;
    (await fetch(`${base}/api/health`).then(
      (response) => response.status,
      () => 0,
    )) !== 200;
    attempt += 1
  ) {
    if (attempt > 150) throw new Error('the database never opened');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const cookie = await operatorCookie(base);
  const sessions = [];
  for (let i = 0; i < 5; i += 1) {
    const response = await fetch(`${base}/api/chat/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.250.1.${i}` },
      body: JSON.stringify({ locale: 'fr', startPage: '/fr' }),
    });
    if (response.status === 201) sessions.push(await response.json());
  }
  const visitor = sessions[0];
  return {
    base,
    cookie,
    visitor,
    sessionId: () =>
      chance(0.7) && sessions.length ? pick(sessions).id : pick(['x', 'session_1_a', `session_${'9'.repeat(16)}_${'f'.repeat(32)}`, '%00', 'a'.repeat(300)]),
  };
}

/**
 * `only`: route names to fuzz (default all). Logs each route's answers by status, its duration and
 * the server's memory after it, so that growth can be pinned to a route.
 */
export async function fuzzRoutes(base, pid, perRoute = 10_000, log = console.log, only = []) {
  const ctx = await prepare(base);
  const before = rssMb(pid);
  const report = [];
  for (const route of ROUTES(ctx)) {
    const name = route.name ?? route.path;
    if (only.length && !only.includes(name)) continue;
    // The previous route may have logged the operator out (or erased its data): a fresh session each time.
    ctx.cookie = await operatorCookie(base);
    const counts = {};
    const started = Date.now();
    let done = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (done < perRoute) {
          done += 1;
          const status = await call(base, route, ctx);
          counts[status] = (counts[status] ?? 0) + 1;
        }
      }),
    );
    const failures = Object.entries(counts)
      .filter(([status]) => status.startsWith('error') || Number(status) >= 500)
      .reduce((sum, [, count]) => sum + count, 0);
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    const rss = rssMb(pid);
    report.push({ route: name, requests: perRoute, fiveXx: failures, statuses: counts, seconds, rssMb: rss });
    log(`${name}: ${failures} 5xx/errors of ${perRoute} in ${seconds} s, RSS ${rss} MB ${JSON.stringify(counts)}`);
  }
  const after = rssMb(pid);
  const total = report.reduce((sum, row) => sum + row.fiveXx, 0);
  log(`fuzz: ${report.length} routes × ${perRoute} requests, ${total} answers 5xx or failed; server RSS ${before} MB before, ${after} MB after`);
  return { report, total, before, after };
}
