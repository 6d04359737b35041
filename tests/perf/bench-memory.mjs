// Server memory beside the framework's floor, in one run: the bare Next floor (tests/perf/floor.mjs),
// this build on PGlite (a fresh data folder) and on PostgreSQL (a fresh database on 127.0.0.1:5432).
// For each: RSS of the server's process tree after start, during and after a mixed load (pages in
// every language, visa checks, conversations with their event streams and messages, an operator
// console open) and after a rest; the ratio to the floor; the PGlite data folder's size.
// Usage: npm run build && npm run bench:memory [-- --minutes 5 --rest-seconds 60 --only pglite,postgres]
// (BENCH_PORT_BASE: three ports from there.)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runMixedLoad, runPageLoad } from './mixed-load.mjs';
import { buildFloor, startServer } from './floor.mjs';
import { withNextServer } from './next-server.mjs';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: process.env.BENCH_MINUTES ?? '5' },
    'rest-seconds': { type: 'string', default: process.env.BENCH_REST_SECONDS ?? '60' },
    only: { type: 'string', default: 'floor,pglite,postgres' },
  },
});
const LOAD_MS = Number(args.minutes) * 60_000;
const REST_MS = Number(args['rest-seconds']) * 1000;
const ONLY = new Set(args.only.split(','));
const PORT = Number(process.env.BENCH_PORT_BASE ?? 3280);
const SAMPLE_MS = 2000;
const OPERATOR = { email: 'bench@maurice-expat.test', password: 'bench-password-123' };
// Targets of issue 21, on this machine.
const PGLITE_START_MB = 300;
const PGLITE_PEAK_MB = 500;
const POSTGRES_START_FLOOR_RATIO = 2;
const REST_GROWTH_MB = 5;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function descendants(pid) {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  return [pid, ...children.flatMap((child) => descendants(child))];
}

/** RSS of a process and all its descendants, in MB. */
function treeRssMb(pid) {
  let kb = 0;
  for (const member of descendants(pid)) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${member}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // Ended between the listing and the reading.
    }
  }
  return kb / 1024;
}

/** Runs `load()` while sampling the tree's RSS, then rests; returns the readings. */
async function measure(pid, load) {
  await sleep(3000);
  const afterStart = treeRssMb(pid);
  const during = [];
  const sampler = setInterval(() => during.push(treeRssMb(pid)), SAMPLE_MS);
  const traffic = await load().finally(() => clearInterval(sampler));
  const afterLoad = treeRssMb(pid);
  const rest = [];
  for (let waited = 0; waited < REST_MS; waited += SAMPLE_MS) {
    await sleep(SAMPLE_MS);
    rest.push(treeRssMb(pid));
  }
  // Least-squares slope over the rest, MB per minute.
  const n = rest.length;
  const meanX = (n - 1) / 2;
  const meanY = rest.reduce((sum, y) => sum + y, 0) / n;
  const slope = rest.reduce((sum, y, x) => sum + (x - meanX) * (y - meanY), 0) / rest.reduce((sum, _, x) => sum + (x - meanX) ** 2, 0);
  console.error(`  after start ${afterStart.toFixed(0)} MB, peak ${Math.max(...during, afterLoad).toFixed(0)} MB, after the rest ${rest.at(-1).toFixed(0)} MB`);
  return {
    afterStart,
    duringMedian: median(during),
    peak: Math.max(afterStart, ...during, afterLoad),
    afterLoad,
    rest,
    slopePerMin: (slope * 60_000) / SAMPLE_MS,
    traffic,
  };
}

function freshPostgresDatabase() {
  const admin = 'postgresql://postgres@127.0.0.1:5432/postgres';
  const name = `bench_memory_${process.pid}_${Date.now()}`;
  execFileSync('psql', [admin, '-qc', `create database ${name}`], { stdio: 'pipe' });
  return {
    url: `postgresql://postgres@127.0.0.1:5432/${name}`,
    drop: () => execFileSync('psql', [admin, '-qc', `drop database if exists ${name} with (force)`], { stdio: 'pipe' }),
  };
}

const results = [];
const appEnv = { NEXT_TELEMETRY_DISABLED: '1', OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password };
console.log(
  `load ${args.minutes} min, rest ${REST_MS / 1000} s, RSS of the server's process tree every ${SAMPLE_MS / 1000} s; load average before: ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);

if (ONLY.has('floor')) {
  const dir = buildFloor();
  const floor = await startServer(dir, PORT);
  try {
    // The floor has two pages and no database: it gets those pages, for at most a minute.
    results.push({
      name: 'bare Next floor',
      ...(await measure(floor.pid, () => runPageLoad(floor.base, ['/', '/search?q=permis'], Math.min(LOAD_MS, 60_000)))),
    });
  } finally {
    floor.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (ONLY.has('pglite')) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-memory-'));
  try {
    const reading = await withNextServer(PORT + 1, (base, pid) => measure(pid, () => runMixedLoad(base, { durationMs: LOAD_MS, operator: OPERATOR })), {
      ...appEnv,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
    });
    const dataMb = Number(execFileSync('du', ['-sk', dataDir], { encoding: 'utf8' }).split('\t')[0]) / 1024;
    results.push({ name: 'this app on PGlite', ...reading, dataMb });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (ONLY.has('postgres')) {
  const database = freshPostgresDatabase();
  try {
    const reading = await withNextServer(PORT + 2, (base, pid) => measure(pid, () => runMixedLoad(base, { durationMs: LOAD_MS, operator: OPERATOR })), {
      ...appEnv,
      DATABASE_URL: database.url,
    });
    results.push({ name: 'this app on PostgreSQL', ...reading });
  } finally {
    await sleep(1000);
    database.drop();
  }
}

const floor = results.find((result) => result.name === 'bare Next floor');
const mb = (value) => `${value.toFixed(0)} MB`;
const ratio = (value) => (floor ? `${(value / floor.afterStart).toFixed(1)}×` : '—');
console.log('\n| server | after start | during load (median / peak) | after load | after rest | rest slope | × floor after start |');
console.log('|---|--:|--:|--:|--:|--:|--:|');
for (const r of results) {
  console.log(
    `| ${r.name} | ${mb(r.afterStart)} | ${mb(r.duringMedian)} / ${mb(r.peak)} | ${mb(r.afterLoad)} | ${mb(r.rest.at(-1))} | ${r.slopePerMin.toFixed(1)} MB/min | ${ratio(r.afterStart)} |`,
  );
}
console.log('');
for (const r of results) {
  const t = r.traffic;
  console.log(
    `${r.name}: ${t.requests} requests (${t.errors} failed${t.firstError ? `, first: ${t.firstError}` : ''}), ${t.messages ?? 0} chat messages, ${t.conversations ?? 0} conversations${r.dataMb === undefined ? '' : `; data folder ${r.dataMb.toFixed(1)} MB`}`,
  );
}
console.log(
  `load average after: ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}\n`,
);

const checks = [];
const pglite = results.find((result) => result.name === 'this app on PGlite');
const postgres = results.find((result) => result.name === 'this app on PostgreSQL');
if (pglite)
  checks.push(
    [`PGlite after start ≤ ${PGLITE_START_MB} MB`, pglite.afterStart <= PGLITE_START_MB],
    [`PGlite at every point of the load ≤ ${PGLITE_PEAK_MB} MB`, pglite.peak <= PGLITE_PEAK_MB],
  );
if (postgres && floor)
  checks.push([`PostgreSQL after start ≤ ${POSTGRES_START_FLOOR_RATIO} × the floor`, postgres.afterStart <= POSTGRES_START_FLOOR_RATIO * floor.afterStart]);
for (const r of results.filter((result) => result !== floor)) {
  checks.push([`${r.name}: no growth over the rest (≤ ${REST_GROWTH_MB} MB from its first to its last reading)`, r.rest.at(-1) <= r.rest[0] + REST_GROWTH_MB]);
  checks.push([`${r.name}: no failed request`, r.traffic.errors === 0]);
}
for (const [label, ok] of checks) console.log(`${ok ? 'met    ' : 'MISSED '} ${label}`);
if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
