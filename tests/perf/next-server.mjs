import { spawn } from 'node:child_process';
import { NEXT_BIN, serverNodeArgs } from '../support/start-command.mjs';

/**
 * Runs `fn(baseUrl, pid)` against `next start` on `port`, with the Node flags of `npm start` (a
 * production build must exist), then stops it. `pid` is the server process itself, for memory readings.
 */
export async function withNextServer(port, fn, env = {}) {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...serverNodeArgs(), NEXT_BIN, 'start', '-p', String(port)], {
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, ...env },
  });
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await fetch(`${base}/fr`);
        break;
      } catch {
        if (attempt > 100) throw new Error(`next start did not answer on ${base}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    return await fn(base, server.pid);
  } finally {
    try {
      process.kill(-server.pid);
    } catch {
      // The server had already exited (the benchmark says so).
    }
  }
}
