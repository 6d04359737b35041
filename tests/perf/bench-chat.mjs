// 1,000 concurrent visitor streams on one instance (PGlite by default, DATABASE_URL to compare):
// connections held, visitor→operator and operator→visitor delivery latency, server memory.
// Usage: npm run build && npm run bench:chat   (BENCH_VISITORS, BENCH_SAMPLES to change the load)
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withNextServer } from './next-server.mjs';
import { openStream } from './sse.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3230);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 1000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const OPERATOR = { email: 'bench@maurice-expat.test', password: 'bench-password-123' };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

const json = (body, extra = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...extra }, body: JSON.stringify(body) });

await withNextServer(
  PORT,
  async (base, pid) => {
    const baseline = rssMb(pid);
    const waiting = new Map();
    const arrived = (content) => {
      const resolve = waiting.get(content);
      if (!resolve) return;
      waiting.delete(content);
      resolve(performance.now());
    };
    const visitors = [];
    for (let i = 0; i < VISITORS; i += 1) {
      const ip = { 'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.1` };
      const { id, token } = await (await fetch(`${base}/api/chat/sessions`, json({ locale: 'fr', startPage: '/fr' }, ip))).json();
      const auth = { authorization: `Bearer ${token}`, ...ip };
      const stream = openStream(`${base}/api/chat/sessions/${id}/events`, { ...auth, 'last-event-id': '0' }, (m) => arrived(m.content));
      visitors.push({ id, auth, stream });
    }
    await Promise.all(visitors.map((v) => v.stream.ready));
    const login = await fetch(`${base}/api/admin/login`, json(OPERATOR));
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    if (login.status !== 200) throw new Error(`operator login ${login.status}`);
    const console_ = openStream(`${base}/api/admin/events`, { cookie }, (m) => arrived(m.content));
    await console_.ready;
    await sleep(500);

    const measure = async (send) => {
      const latencies = [];
      for (let i = 0; i < SAMPLES; i += 1) {
        const visitor = visitors[(i * 7919) % visitors.length];
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
    const held = visitors.filter((v) => v.stream.open).length;
    const memory = rssMb(pid);
    const line = (label, values) =>
      `${label}: p50 ${pct(values, 50).toFixed(1)} ms · p99 ${pct(values, 99).toFixed(1)} ms · lost ${values.filter((v) => v === Infinity).length}`;
    console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} · visitors: ${VISITORS} · samples: ${SAMPLES} each way`);
    console.log(`connections held: ${held}/${VISITORS} visitor streams + operator console ${console_.open ? 'open' : 'closed'}`);
    console.log(line('visitor → operator', toOperator));
    console.log(line('operator → visitor', toVisitor));
    console.log(`server memory (RSS): ${memory.toFixed(0)} MB (${baseline.toFixed(0)} MB before the streams)`);
    for (const v of visitors) v.stream.controller.abort();
    console_.controller.abort();
    if (held < VISITORS || pct(toOperator, 99) > 250 || pct(toVisitor, 99) > 250) process.exitCode = 1;
  },
  {
    DATA_DIR: process.env.DATABASE_URL ? '' : mkdtempSync(path.join(tmpdir(), 'bench-chat-')),
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
  },
);
