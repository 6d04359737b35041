import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NextServer } from './server-process';

/** One figure (`ps -o <field>`) of each process of the server's group. */
function groupFigures(server: NextServer, field: 'rss' | 'pid'): number[] {
  const out = execFileSync('ps', ['-o', `${field}=`, '-g', String(server.process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter(Boolean);
}

/** Resident memory of the server, all processes of its group together, in MB. */
export function serverRssMb(server: NextServer): number {
  return Math.round(groupFigures(server, 'rss').reduce((sum, kb) => sum + kb, 0) / 1024);
}

/** The environment that makes a test server answer settledMemory() (tests/e2e/settled-memory.mjs). */
export function settledMemoryEnv(): Record<string, string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'settled-memory-'));
  const preload = path.resolve('tests/e2e/settled-memory.mjs');
  return { SETTLED_MEMORY_DIR: dir, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`.trim() };
}

export type SettledMemory = { rss: number; heapTotal: number; heapUsed: number; external: number };

/**
 * The server's memory after a full garbage collection, in MB, all processes of its group added:
 * what requests left referenced (heapUsed; external, which holds the ArrayBuffers), the heap V8
 * keeps (heapTotal) and the resident size then.
 */
export async function settledMemory(server: NextServer, env: Record<string, string>): Promise<SettledMemory> {
  const dir = env.SETTLED_MEMORY_DIR;
  if (!dir) throw new Error('start the server with settledMemoryEnv()');
  const pids = groupFigures(server, 'pid');
  for (const pid of pids) rmSync(path.join(dir, `${pid}.json`), { force: true });
  process.kill(-server.process.pid!, 'SIGUSR2');
  const total: SettledMemory = { rss: 0, heapTotal: 0, heapUsed: 0, external: 0 };
  for (const pid of pids) {
    const file = path.join(dir, `${pid}.json`);
    for (let waited = 0; !existsSync(file); waited += 50) {
      if (waited > 30_000) throw new Error(`process ${pid} wrote no memory figures (is settled-memory.mjs preloaded?)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const usage = JSON.parse(readFileSync(file, 'utf8')) as SettledMemory;
    for (const key of Object.keys(total) as (keyof SettledMemory)[]) total[key] += usage[key] / 1024 / 1024;
  }
  return total;
}
