// Heap an open event stream holds: the server's heap after a full collection with no stream open,
// then with BENCH_STREAMS visitor streams open (and BENCH_OPERATOR_STREAMS console streams), divided
// by the streams. With BENCH_SNAPSHOT=1 it also leaves both heap snapshots in the printed folder,
// for `node tests/perf/heap-diff.mjs before.heapsnapshot after.heapsnapshot <streams>`.
// Usage: npm run build && npm run bench:stream-heap   (BENCH_STREAMS, DATABASE_URL, BENCH_PORT)
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withNextServer } from './next-server.mjs';
import { openStream } from './sse.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3231);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const OPERATOR_STREAMS = Number(process.env.BENCH_OPERATOR_STREAMS ?? 0);
const OPERATOR = { email: 'bench@maurice-expat.test', password: 'bench-password-123' };
const MB = 1024 * 1024;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const json = (body, extra = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...extra }, body: JSON.stringify(body) });
const dir = mkdtempSync(path.join(tmpdir(), 'stream-heap-'));
const preload = path.resolve('tests/e2e/settled-memory.mjs');

/** process.memoryUsage() of the server after a full collection (tests/e2e/settled-memory.mjs). */
async function settled(pid) {
  const file = path.join(dir, `${pid}.json`);
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; !existsSync(file); waited += 100) {
    if (waited > 120_000) throw new Error('the server wrote no memory figures');
    await sleep(100);
  }
  await sleep(200);
  return JSON.parse(readFileSync(file, 'utf8'));
}

await withNextServer(
  PORT,
  async (base, pid) => {
    const visitor = async (i) => {
      const ip = { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
      const response = await fetch(`${base}/api/chat/sessions`, json({ locale: 'fr', startPage: '/fr' }, ip));
      if (response.status !== 201 && response.status !== 200) throw new Error(`session ${response.status}`);
      const { id, token } = await response.json();
      return { url: `${base}/api/chat/sessions/${id}/events`, headers: { authorization: `Bearer ${token}`, 'last-event-id': '0', ...ip } };
    };
    const login = await fetch(`${base}/api/admin/login`, json(OPERATOR));
    if (login.status !== 200) throw new Error(`operator login ${login.status}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    // Conversations first (their rows and caches are not the streams' cost), and the code paths warmed.
    const visitors = [];
    for (let i = 0; i < STREAMS + 20; i += 1) visitors.push(await visitor(i + 1));
    const warm = visitors.slice(STREAMS).map((v) => openStream(v.url, v.headers));
    const warmConsole = openStream(`${base}/api/admin/events`, { cookie });
    await Promise.all([...warm.map((s) => s.ready), warmConsole.ready]);
    for (const s of [...warm, warmConsole]) s.controller.abort();
    await sleep(3000);
    const before = await settled(pid);
    const streams = visitors.slice(0, STREAMS).map((v) => openStream(v.url, v.headers));
    await Promise.all(streams.map((s) => s.ready));
    const consoles = [];
    for (let i = 0; i < OPERATOR_STREAMS; i += 1) {
      const again = await fetch(`${base}/api/admin/login`, json(OPERATOR, { 'x-forwarded-for': `172.16.${i >> 8}.${i & 255}` }));
      const c = (again.headers.get('set-cookie') ?? '').split(';')[0];
      consoles.push(openStream(`${base}/api/admin/events`, { cookie: c, 'x-forwarded-for': `172.16.${i >> 8}.${i & 255}` }));
    }
    await Promise.all(consoles.map((s) => s.ready));
    await sleep(2000);
    const during = await settled(pid);
    const held = streams.filter((s) => s.open).length + consoles.filter((s) => s.open).length;
    const total = STREAMS + OPERATOR_STREAMS;
    const perStream = (key) => (during[key] - before[key]) / total / 1024;
    console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} · streams: ${held}/${total} held (${OPERATOR_STREAMS} console)`);
    console.log(`heap used after a full collection: ${(before.heapUsed / MB).toFixed(1)} MB → ${(during.heapUsed / MB).toFixed(1)} MB`);
    console.log(
      `per stream: heap ${perStream('heapUsed').toFixed(1)} KB · external ${perStream('external').toFixed(1)} KB · RSS ${perStream('rss').toFixed(1)} KB`,
    );
    console.log(`server RSS after collection: ${(before.rss / MB).toFixed(0)} MB → ${(during.rss / MB).toFixed(0)} MB`);
    // The ceiling (MAX_EVENT_STREAMS unset) is sized on this much heap per stream: more would let the
    // streams it admits outgrow the heap.
    const assumed = Number(/const HEAP_PER_STREAM_KB = (\d+);/.exec(readFileSync('lib/chat/stream-ceiling.ts', 'utf8'))?.[1]);
    if (!(perStream('heapUsed') <= assumed)) {
      console.log(`heap per stream above the ${assumed} KB lib/chat/stream-ceiling.ts sizes the ceiling on`);
      process.exitCode = 1;
    }
    if (process.env.BENCH_SNAPSHOT === '1')
      console.log(
        `heap snapshots: ${readdirSync(dir)
          .filter((f) => f.endsWith('.heapsnapshot'))
          .map((f) => path.join(dir, f))
          .join(' ')}`,
      );
    for (const s of [...streams, ...consoles]) s.controller.abort();
  },
  {
    DATA_DIR: process.env.DATABASE_URL ? '' : mkdtempSync(path.join(tmpdir(), 'bench-heap-')),
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
    SETTLED_MEMORY_DIR: dir,
    SETTLED_MEMORY_SNAPSHOT: process.env.BENCH_SNAPSHOT ?? '',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`.trim(),
  },
);
