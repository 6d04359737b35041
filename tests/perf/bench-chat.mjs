// Visitor event streams on one instance (PGlite by default, DATABASE_URL to compare): streams held
// or refused at the ceiling (MAX_EVENT_STREAMS), visitor→operator and operator→visitor delivery
// latency, a page's latency before and with the streams open, server memory.
// Usage: npm run build && npm run bench:chat   (BENCH_VISITORS, BENCH_SAMPLES, BENCH_PAGE_SAMPLES, BENCH_PORT to change the load)
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withNextServer } from './next-server.mjs';
import { openStream } from './sse.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3230);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 1000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const OPERATOR = { email: 'bench@maurice-expat.test', password: 'bench-password-123' };
const PAGE = '/fr/contact';
// A server that cannot keep up is reported as such rather than waited for.
const OPEN_MINUTES = Number(process.env.BENCH_OPEN_MINUTES ?? 10);
const MEASURE_MINUTES = Number(process.env.BENCH_MEASURE_MINUTES ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
// Pages timed before and with the streams: p99 of 100 is their slowest; 1,500 (about 15 s, one
// heartbeat of the streams) make it the 15th slowest.
const PAGE_SAMPLES = Number(process.env.BENCH_PAGE_SAMPLES ?? 100);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const json = (body, extra = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...extra }, body: JSON.stringify(body) });

/** Round trips of one page, one after the other. */
async function pageTimes(base, count = PAGE_SAMPLES) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(`${base}${PAGE}`);
    await response.arrayBuffer();
    times.push(response.status === 200 ? performance.now() - started : Infinity);
  }
  return times;
}

await withNextServer(
  PORT,
  async (base, pid) => {
    const baseline = rssMb(pid);
    const pagesBefore = await pageTimes(base);
    let peak = baseline;
    const sampler = setInterval(() => alive(pid) && (peak = Math.max(peak, rssMb(pid))), 500);
    const waiting = new Map();
    const arrived = (content) => {
      const resolve = waiting.get(content);
      if (!resolve) return;
      waiting.delete(content);
      resolve(performance.now());
    };
    const visitors = [];
    let failure = null;
    const openBy = Date.now() + OPEN_MINUTES * 60_000;
    try {
      // BENCH_CONCURRENCY conversations are created at once: a loaded machine still opens thousands in minutes.
      const openVisitor = async (i) => {
        const ip = { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
        // A kept-alive socket the server closes as a request leaves (UND_ERR_SOCKET) is the client's race: created again.
        const create = () => fetch(`${base}/api/chat/sessions`, json({ locale: 'fr', startPage: '/fr' }, ip));
        const created = await create().catch((error) => (error.cause?.code === 'UND_ERR_SOCKET' ? create() : Promise.reject(error)));
        const { id, token } = await created.json();
        const auth = { authorization: `Bearer ${token}`, ...ip };
        const stream = openStream(`${base}/api/chat/sessions/${id}/events`, { ...auth, 'last-event-id': '0' }, (m) => arrived(m.content));
        visitors.push({ id, auth, stream });
      };
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < VISITORS) {
            if (Date.now() > openBy) throw new Error(`not all opened within ${OPEN_MINUTES} minutes`);
            const i = next++;
            if (i % 1000 === 0 && i > 0) console.error(`… ${i} conversations and streams opening, RSS ${rssMb(pid).toFixed(0)} MB`);
            await openVisitor(i);
          }
        }),
      );
      await Promise.race([
        Promise.all(visitors.map((v) => v.stream.ready)),
        new Promise((resolve, reject) => {
          // Unref'd: a run that opened everything in time does not wait for it to exit.
          const timer = setTimeout(() => reject(new Error(`not all streams answered within ${OPEN_MINUTES} minutes`)), Math.max(0, openBy - Date.now()));
          timer.unref();
        }),
      ]);
    } catch (error) {
      failure = `${visitors.length} conversations opened, then: ${error.cause?.code ?? error.message}`;
    }
    await sleep(1000);
    const report = () => {
      const held = visitors.filter((v) => v.stream.open).length;
      const refused = visitors.filter((v) => v.stream.status === 503).length;
      console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} · visitors: ${VISITORS} · samples: up to ${SAMPLES} each way`);
      console.log(`streams: ${held} held, ${refused} refused (503), ${visitors.length - held - refused} failed or closed, of ${VISITORS}`);
      return held;
    };
    if (failure || !alive(pid)) {
      clearInterval(sampler);
      report();
      console.log(`server ${alive(pid) ? 'still running' : 'exited'}: ${failure ?? 'while the streams were open'} · peak RSS ${peak.toFixed(0)} MB`);
      process.exitCode = 1;
      return;
    }
    const login = await fetch(`${base}/api/admin/login`, json(OPERATOR));
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    if (login.status !== 200) throw new Error(`operator login ${login.status}`);
    const console_ = openStream(`${base}/api/admin/events`, { cookie }, (m) => arrived(m.content));
    await console_.ready;
    await sleep(500);

    const measure = async (send) => {
      const latencies = [];
      const open = visitors.filter((v) => v.stream.open);
      const by = Date.now() + MEASURE_MINUTES * 60_000;
      for (let i = 0; i < SAMPLES && Date.now() < by; i += 1) {
        const visitor = open[(i * 7919) % open.length];
        const content = `bench ${i} ${Math.random()}`;
        const got = new Promise((resolve) => waiting.set(content, resolve));
        const started = performance.now();
        const response = await send(visitor, content);
        if (response.status !== 201) throw new Error(`send ${response.status}`);
        latencies.push((await Promise.race([got, sleep(10_000).then(() => Infinity)])) - started);
      }
      return latencies;
    };
    const toOperator = await measure((v, content) => fetch(`${base}/api/chat/sessions/${v.id}/messages`, json({ content }, v.auth)));
    const toVisitor = await measure((v, content) => fetch(`${base}/api/admin/sessions/${v.id}/messages`, json({ content }, { cookie })));
    const pagesDuring = await pageTimes(base);
    const memory = rssMb(pid);
    clearInterval(sampler);
    const line = (label, values) =>
      `${label}: p50 ${pct(values, 50).toFixed(1)} ms · p99 ${pct(values, 99).toFixed(1)} ms · lost ${values.filter((v) => v === Infinity).length} of ${values.length}`;
    const held = report();
    console.log(`operator console stream: ${console_.open ? 'open' : `closed (${console_.status})`}`);
    console.log(line('visitor → operator', toOperator));
    console.log(line('operator → visitor', toVisitor));
    console.log(`page ${PAGE}: p99 ${pct(pagesBefore, 99).toFixed(1)} ms before the streams, ${pct(pagesDuring, 99).toFixed(1)} ms with them`);
    console.log(`server memory (RSS): ${memory.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (${baseline.toFixed(0)} MB before the streams)`);
    for (const v of visitors) v.stream.controller.abort();
    console_.controller.abort();
    if (held === 0 || !console_.open || pct(toOperator, 99) > 250 || pct(toVisitor, 99) > 250) process.exitCode = 1;
  },
  {
    DATA_DIR: process.env.DATABASE_URL ? '' : mkdtempSync(path.join(tmpdir(), 'bench-chat-')),
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
  },
);
