// Page benchmark, one run: the home page, an article and the blog listing through the shipped
// nginx config (deploy/nginx.conf), directly on `next start`, and the same bytes served by nginx
// from a file (the ceiling); plus a `?q=` search directly, beside the framework's floor for a page
// rendered per request (a bare Next page reading its query, tests/perf/floor.mjs). wrk at 64
// connections, gzip accepted, targets alternating. Usage: npm run build && npm run bench:pages
// (BENCH_SECONDS per run, BENCH_ROUNDS, BENCH_PORT_BASE: five ports from there.)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { request, startNginx } from '../support/nginx.mjs';
import { buildFloor, startServer } from './floor.mjs';
import { withNextServer } from './next-server.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 64;
const PORT = Number(process.env.BENCH_PORT_BASE ?? 3270);
const PAGES = [
  { name: 'home', path: '/fr', prerendered: true },
  { name: 'article', path: '/fr/blog/guide-complet-immigration-maurice', prerendered: true },
  { name: 'blog listing', path: '/fr/blog', prerendered: true },
];
const SEARCH = { name: 'search ?q=', path: '/fr/blog?q=permis' };
// The reference for prerendered pages on next start: a bare Next static page (tests/perf/floor.mjs).
const FLOOR_STATIC = { name: 'bare static page', path: '/' };

try {
  execFileSync('wrk', ['--version'], { stdio: 'ignore' });
} catch (error) {
  if (error.code === 'ENOENT') throw new Error('wrk is not installed (Debian: apt-get install -y wrk)');
}

/** wrk's req/s and its 50th and 99th latency percentiles, in ms. */
function wrk(url) {
  const run = spawnSync('wrk', ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', '-H', 'Accept-Encoding: gzip', url], { encoding: 'utf8' });
  const out = run.stdout;
  const ms = (label) => {
    const match = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out);
    if (!match) throw new Error(`wrk output without ${label}%:\n${out}${run.stderr}`);
    return Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2]];
  };
  const errors = /Non-2xx or 3xx responses: (\d+)|Socket errors: (.*)/.exec(out)?.[0];
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)[1]), p50: ms('50'), p99: ms('99'), errors };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const floorDir = buildFloor();
const floor = await startServer(floorDir, PORT + 4);
// Stopped when the run ends: the running floor would keep this process alive ('exit' never comes).
const stopFloor = () => {
  floor.stop();
  rmSync(floorDir, { recursive: true, force: true });
};
process.once('SIGINT', () => {
  stopFloor();
  process.exit(130);
});

try {
  await withNextServer(
    PORT,
    async (direct) => {
      const proxy = await startNginx({
        httpPort: PORT + 1,
        httpsPort: PORT + 2,
        appServers: [`127.0.0.1:${PORT}`],
        // The ceiling: the same compressed bytes as files, from the same nginx (same TLS, same workers).
        extraHttp: ({ dir, tls }) => `  server {
      listen 127.0.0.1:${PORT + 3} ssl;
      ssl_certificate ${tls.cert};
      ssl_certificate_key ${tls.key};
      root ${path.join(dir, 'ceiling')};
      gzip_static on;
      default_type text/html;
      location / { try_files $uri.html =404; }
    }`,
      });
      try {
        const root = path.join(proxy.dir, 'ceiling');
        const targets = [];
        for (const page of PAGES) {
          // Fill the cache, then keep the bytes the proxy serves as the ceiling's file.
          await request(proxy.origin, proxy.ca, page.path, { headers: { 'accept-encoding': 'gzip' } });
          const cached = await request(proxy.origin, proxy.ca, page.path, { headers: { 'accept-encoding': 'gzip' } });
          if (cached.headers['x-cache-status'] !== 'HIT') throw new Error(`${page.path} is not cached by the proxy: ${cached.headers['x-cache-status']}`);
          const file = path.join(root, `${page.name.replace(/\W+/g, '-')}`);
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(`${file}.html.gz`, cached.body);
          writeFileSync(`${file}.html`, gunzipSync(cached.body));
          page.bytes = gunzipSync(cached.body).length;
          page.gzipBytes = cached.body.length;
          targets.push(
            { page, via: 'proxy', url: `${proxy.origin}${page.path}` },
            { page, via: 'next start', url: `${direct}${page.path}` },
            { page, via: 'ceiling', url: `https://127.0.0.1:${PORT + 3}/${page.name.replace(/\W+/g, '-')}` },
          );
        }
        targets.push(
          { page: SEARCH, via: 'next start', url: `${direct}${SEARCH.path}` },
          { page: SEARCH, via: 'floor: bare Next page per request', url: `${floor.base}/search?q=permis` },
          { page: FLOOR_STATIC, via: 'floor: bare Next static page on next start', url: `${floor.base}/` },
        );

        const load = loadavg()
          .map((value) => value.toFixed(2))
          .join(' ');
        console.log(`wrk -c${CONNECTIONS} -t2 -d${SECONDS}s, gzip, ${ROUNDS} alternating rounds; load average before: ${load}`);
        for (const page of PAGES)
          console.log(`  ${page.name}: ${page.path} — ${(page.bytes / 1024).toFixed(1)} KB HTML, ${(page.gzipBytes / 1024).toFixed(1)} KB gzip`);
        const results = new Map();
        for (let round = 0; round < ROUNDS; round += 1) {
          for (const target of targets) {
            const result = wrk(target.url);
            if (result.errors) console.log(`  ${target.page.name} via ${target.via}: ${result.errors}`);
            results.set(target, [...(results.get(target) ?? []), result]);
          }
        }
        const row = (target) => {
          const runs = results.get(target);
          return { rps: median(runs.map((run) => run.rps)), p50: median(runs.map((run) => run.p50)), p99: median(runs.map((run) => run.p99)) };
        };
        const lines = ['| page | target | req/s | p50 | p99 | vs ceiling or floor (req/s) |', '|---|---|--:|--:|--:|--:|'];
        const checks = [];
        for (const page of [...PAGES, SEARCH, FLOOR_STATIC]) {
          // Prerendered pages against the same bytes from a file; the search against the bare Next page.
          const ceiling = targets.find((target) => target.page === page && (target.via === 'ceiling' || target.via.startsWith('floor')));
          const ceilingRps = ceiling ? row(ceiling).rps : undefined;
          for (const target of targets.filter((candidate) => candidate.page === page)) {
            const { rps, p50, p99 } = row(target);
            const ratio = ceilingRps ? `${((100 * rps) / ceilingRps).toFixed(0)} %` : '—';
            lines.push(`| ${page.name} | ${target.via} | ${rps.toFixed(0)} | ${p50.toFixed(1)} ms | ${p99.toFixed(1)} ms | ${ratio} |`);
            if (target.via === 'proxy') {
              checks.push([`${page.name} through the proxy ≥ 5,000 req/s`, rps >= 5000]);
              checks.push([`${page.name} through the proxy p99 ≤ 50 ms`, p99 <= 50]);
              checks.push([`${page.name} through the proxy ≥ half the ceiling`, rps >= ceilingRps / 2]);
            }
            if (target.via === 'next start' && page.prerendered) checks.push([`${page.name} on next start p99 < 250 ms`, p99 < 250]);
            if (page === SEARCH && target.via === 'next start') checks.push([`search on next start ≥ 100 req/s`, rps >= 100]);
          }
        }
        console.log(`\n${lines.join('\n')}\n`);
        for (const page of PAGES) {
          const proxied = row(targets.find((target) => target.page === page && target.via === 'proxy')).rps;
          const directly = row(targets.find((target) => target.page === page && target.via === 'next start')).rps;
          console.log(`  ${page.name}: proxy / next start = ${(proxied / directly).toFixed(1)}×`);
        }
        console.log(
          `load average after: ${loadavg()
            .map((value) => value.toFixed(2))
            .join(' ')}\n`,
        );
        for (const [label, ok] of checks) console.log(`${ok ? 'met    ' : 'MISSED '} ${label}`);
      } finally {
        await proxy.stop();
      }
    },
    { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-pages-')), NEXT_TELEMETRY_DISABLED: '1' },
  );
} finally {
  stopFloor();
}
