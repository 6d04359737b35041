import { spawn } from 'node:child_process';
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { isAlive } from '@/lib/db/data-dir-lock';

// The backups in BACKUP_DIR: `backup-<UTC time>.age`, written under a hidden temporary name that
// carries the writer's pid, synced, then renamed: a file with the final name is always complete.

const NAME = /^backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.age$/;
const PARTIAL = /^\.backup-.+\.(\d+)\.partial$/;

export function backupName(at: Date): string {
  return `backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.age`;
}

export function timeOfName(name: string): Date | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
}

/** The backups of `dir`, newest first. */
export function listBackups(dir: string): { name: string; at: Date }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .flatMap((name) => {
      const at = timeOfName(name);
      return at ? [{ name, at }] : [];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** Removes what backups whose process died left in `dir` (named by `pattern`, the pid its first group). */
export function removeAbandoned(dir: string, pattern: RegExp): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const abandoned = names.filter((name) => {
    const match = pattern.exec(name);
    return match && !isAlive(Number(match[1]));
  });
  for (const name of abandoned) rmSync(path.join(dir, name), { recursive: true, force: true });
  return abandoned;
}

/** Removes the temporary files of backups whose process died (a kill, a crash, a full disk). */
export const removeAbandonedPartials = (dir: string) => removeAbandoned(dir, PARTIAL);

export class DiskFullError extends Error {
  constructor(dir: string, bytes: number) {
    super(`no space left in BACKUP_DIR ${dir} after ${bytes} bytes of a backup; the earlier backups are untouched`);
    this.name = 'DiskFullError';
  }
}

/** Writes the stream as `dir/name`, complete or not at all; returns the file and its size. */
export async function writeAtomically(dir: string, name: string, chunks: AsyncIterable<Uint8Array>): Promise<{ file: string; bytes: number }> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const partial = path.join(dir, `.${name}.${process.pid}.partial`);
  const final = path.join(dir, name);
  let bytes = 0;
  try {
    const handle = await open(partial, 'wx', 0o600);
    try {
      for await (const chunk of chunks) {
        await handle.write(chunk);
        bytes += chunk.length;
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    renameSync(partial, final);
  } catch (error) {
    rmSync(partial, { force: true });
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC' || (error as NodeJS.ErrnoException).code === 'EDQUOT') throw new DiskFullError(dir, bytes);
    throw error;
  }
  const dirFd = openSync(dir, 'r');
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
  return { file: final, bytes };
}

/** Deletes the backups the 7 daily, 4 weekly, 6 monthly rule does not keep; returns their names. */
export function pruneBackups(dir: string, keep: (dates: Date[]) => Set<number>): string[] {
  const backups = listBackups(dir);
  const kept = keep(backups.map((backup) => backup.at));
  const gone = backups.filter((_, index) => !kept.has(index)).map((backup) => backup.name);
  for (const name of gone) rmSync(path.join(dir, name), { force: true });
  return gone;
}

/** BACKUP_COMMAND through `sh -c`, the new file as "$1"; rejects with its exit and last lines. */
export function runBackupCommand(command: string, file: string, timeoutMs = 60 * 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command, 'sh', file], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: timeoutMs,
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`BACKUP_COMMAND failed (${signal ?? `exit ${code}`}) on ${path.basename(file)}: ${err.trim().split('\n').slice(-3).join(' ')}`)),
    );
  });
}
