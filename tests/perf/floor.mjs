// The framework's floor: a bare Next app with this project's own next/react versions, built in a
// temporary folder from this repo's node_modules (nothing downloaded). Shared by the benchmarks:
//   /        a static page (bench:lighthouse's floor)
//   /search  a page rendered per request from its query (bench:pages' floor for `?q=` searches)
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const NEXT_BIN = path.join(ROOT, 'node_modules/next/dist/bin/next');

function commonAncestor(a, b) {
  const left = a.split(path.sep);
  const right = b.split(path.sep);
  let i = 0;
  while (i < left.length && left[i] === right[i]) i += 1;
  return left.slice(0, i).join(path.sep) || path.sep;
}

/** Writes and builds the bare app; returns its folder. */
export function buildFloor() {
  const dir = mkdtempSync(path.join(tmpdir(), 'next-floor-'));
  mkdirSync(path.join(dir, 'app/search'), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'next-floor', private: true }));
  // Turbopack only follows the node_modules symlink inside its root: let the root cover both.
  writeFileSync(
    path.join(dir, 'next.config.mjs'),
    `export default { poweredByHeader: false, turbopack: { root: ${JSON.stringify(commonAncestor(dir, ROOT))} } };\n`,
  );
  writeFileSync(
    path.join(dir, 'app/layout.jsx'),
    `export const metadata = { title: 'Floor' };\nexport default function RootLayout({ children }) {\n  return (<html lang="en"><body>{children}</body></html>);\n}\n`,
  );
  writeFileSync(
    path.join(dir, 'app/page.jsx'),
    `export default function Page() {\n  return (<main><h1>Hello</h1><p>A bare Next page: the framework's floor.</p></main>);\n}\n`,
  );
  writeFileSync(
    path.join(dir, 'app/search/page.jsx'),
    `export default async function Search({ searchParams }) {\n  const { q = '' } = await searchParams;\n  return (<main><h1>Search</h1><p>Results for {String(q)}</p></main>);\n}\n`,
  );
  console.error(`Building the floor in ${dir} …`);
  execFileSync(process.execPath, [NEXT_BIN, 'build'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  return dir;
}

/** `next start` in `cwd` on `port`, once it answers; `stop()` ends it. */
export async function startServer(cwd, port, env = {}) {
  const server = spawn(process.execPath, [NEXT_BIN, 'start', '-p', String(port)], {
    cwd,
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await fetch(`${base}/`, { redirect: 'manual' });
      // SIGKILL: the floor keeps no data, and a SIGTERM from an 'exit' handler once left
      // next start serving after the benchmark had ended (its graceful close never came).
      return { base, pid: server.pid, stop: () => process.kill(-server.pid, 'SIGKILL') };
    } catch {
      if (attempt > 150) throw new Error(`next start did not answer on ${base}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
