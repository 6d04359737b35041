import { execFileSync } from 'node:child_process';
import type { NextServer } from './server-process';

/** Resident memory of the server, all processes of its group together, in MB. */
export function serverRssMb(server: NextServer): number {
  const out = execFileSync('ps', ['-o', 'rss=', '-g', String(server.process.pid)], { encoding: 'utf8' });
  return Math.round(out.split('\n').reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) / 1024);
}
