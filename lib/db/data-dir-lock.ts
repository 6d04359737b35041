import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Module copies (Next bundles a module once per layer, dev reloads it) must share what this
// process holds, or the process would lock itself out.
const HELD = Symbol.for('maurice-expat.data-dir-locks');
const held: Set<string> = ((globalThis as { [HELD]?: Set<string> })[HELD] ??= new Set());

export type DataDirLock = { lockFile: string; release: () => void };

export class DataDirLockedError extends Error {
  readonly pid: number;

  constructor({ dataDir, lockFile, pid }: { dataDir: string; lockFile: string; pid: number }) {
    const holder = pid === process.pid ? 'this process' : `another process (pid ${pid})`;
    super(
      `DATA_DIR ${dataDir} is already in use by ${holder} (lock file ${lockFile}). ` +
        'PGlite allows one process per data folder: stop that process first, ' +
        'or set DATABASE_URL to share a PostgreSQL server between several processes.',
    );
    this.name = 'DataDirLockedError';
    this.pid = pid;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes `<dataDir>/.lock` for this process. The file appears atomically with its pid (written
 * aside, then hard-linked), so another process never reads a half-written lock.
 */
export function acquireDataDirLock({ dataDir }: { dataDir: string }): DataDirLock {
  const lockFile = path.join(dataDir, '.lock');
  if (held.has(lockFile)) throw new DataDirLockedError({ dataDir, lockFile, pid: process.pid });
  const draft = `${lockFile}.${process.pid}.${Date.now()}`;
  writeFileSync(draft, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        linkSync(draft, lockFile);
        return registerLock(lockFile);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const pid = readHolder(lockFile);
      // A lock naming this very pid but not held here was left by an earlier incarnation
      // (containers restart with the same pid).
      if (pid !== undefined && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError({ dataDir, lockFile, pid });
      }
      takeOverStaleLock({ dataDir, lockFile });
    }
    throw new Error(`Could not take the lock file ${lockFile}: it keeps changing hands.`);
  } finally {
    rmSync(draft, { force: true });
  }
}

/**
 * Moves the lock aside before deleting it: when two processes take over the same stale lock,
 * the later one sees that what it moved is the winner's fresh lock and puts it back.
 */
function takeOverStaleLock({ dataDir, lockFile }: { dataDir: string; lockFile: string }): void {
  const aside = `${lockFile}.stale.${process.pid}`;
  try {
    renameSync(lockFile, aside);
  } catch {
    return;
  }
  const pid = readHolder(aside);
  if (pid !== undefined && pid !== process.pid && isAlive(pid)) {
    try {
      linkSync(aside, lockFile);
    } catch {
      // A third process holds it now: either way this one must not start.
    }
    rmSync(aside, { force: true });
    throw new DataDirLockedError({ dataDir, lockFile, pid });
  }
  rmSync(aside, { force: true });
}

function registerLock(lockFile: string): DataDirLock {
  held.add(lockFile);
  const release = () => {
    process.off('exit', release);
    if (!held.delete(lockFile)) return;
    if (readHolder(lockFile) === process.pid) rmSync(lockFile, { force: true });
  };
  process.on('exit', release);
  return { lockFile, release };
}
