// Benchmarks POST /api/visa-check on a production build: server time (Server-Timing, measured
// inside the route handler) and loopback round trip. Usage: npm run build && npm run bench:visa
import { readdirSync } from 'node:fs';
import { withNextServer } from './next-server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3220);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONCURRENCY = 4;
const NATIONALITIES = ['France', 'Belgique', 'Suisse', 'Canada', 'Madagascar', 'Réunion', 'Autre'];
const DURATIONS = ['Moins de 3 mois', '3-6 mois', '6-12 mois', '1-2 ans', '2-5 ans', 'Plus de 5 ans', 'Résidence permanente'];
const WORK = ['Oui', 'Non', 'Retraité', 'Étudiant'];
// One message file per language of the site (tests/unit/i18n/messages.test.ts checks it).
const LOCALES = readdirSync('messages')
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

const percentile = (values, p) => values[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms · p95 ${percentile(sorted, 95).toFixed(2)} ms · p99 ${percentile(sorted, 99).toFixed(2)} ms · max ${sorted.at(-1).toFixed(2)} ms`;
};

async function one(base, i) {
  const body = {
    nationality: NATIONALITIES[i % NATIONALITIES.length],
    duration: DURATIONS[(i >> 3) % DURATIONS.length],
    work_status: WORK[(i >> 1) % WORK.length],
    locale: LOCALES[i % LOCALES.length],
  };
  const started = performance.now();
  const response = await fetch(`${base}/api/visa-check`, {
    method: 'POST',
    // A distinct client per request keeps the benchmark clear of the per-client rate limit.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`status ${response.status}`);
  const server = Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1]);
  return { server, roundTrip: performance.now() - started };
}

await withNextServer(PORT, async (base) => {
  for (let i = 0; i < 200; i += 1) await one(base, i);
  const results = [];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) results.push(await one(base, next++));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(`POST /api/visa-check × ${REQUESTS} (concurrency ${CONCURRENCY}, after 200 warm-up requests)`);
  console.log(`server time (Server-Timing): ${summary(results.map((r) => r.server))}`);
  console.log(`loopback round trip:         ${summary(results.map((r) => r.roundTrip))}`);
  console.log(`throughput: ${(REQUESTS / seconds).toFixed(0)} req/s`);
  const p99 = percentile(
    results.map((r) => r.server).sort((a, b) => a - b),
    99,
  );
  if (p99 >= 5) process.exitCode = 1;
});
