import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '@/lib/db/data-dir-lock';
import { runNode, startNode, waitForOutput } from './run-node';

const root = mkdtempSync(path.join(tmpdir(), 'data-dir-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const HOLDER = 'tests/unit/db/hold-database.ts';
const MIGRATE = 'lib/cli/db-migrate.ts';

describe('the DATA_DIR lock between processes', () => {
  const dataDir = path.join(root, 'shared', 'data');
  const lockFile = path.join(dataDir, '.lock');
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };

  it('makes a second process refuse to start with a clear message', async () => {
    const holder = startNode([HOLDER], env);
    try {
      await waitForOutput(holder, 'ready');
      expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(holder.pid));
      const second = await runNode([MIGRATE], { env });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`is already in use by another process (pid ${holder.pid})`);
      expect(second.stderr).toContain('DATABASE_URL');
      expect(() => acquireDataDirLock({ dataDir })).toThrow(DataDirLockedError);

      const closed = waitForOutput(holder, 'closed');
      holder.stdin?.end();
      await closed;
      await new Promise((resolve) => holder.once('exit', resolve));
      expect(existsSync(lockFile)).toBe(false);
    } finally {
      holder.kill('SIGKILL');
    }
  }, 120_000);

  it('takes over the lock of a process killed with SIGKILL, and keeps its data', async () => {
    const holder = startNode([HOLDER], env);
    await waitForOutput(holder, 'ready');
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(holder.pid));

    const next = await runNode([MIGRATE], { env });
    expect(next).toMatchObject({ code: 0, stderr: '' });
    expect(next.stdout).toContain('the schema is up to date');
    expect(existsSync(lockFile)).toBe(false);
  }, 120_000);
});

describe('the DATA_DIR lock within a process', () => {
  it('refuses a second open of the same folder and allows it after release', () => {
    const dataDir = path.join(root, 'same-process');
    mkdirSync(dataDir);
    const lock = acquireDataDirLock({ dataDir });
    expect(() => acquireDataDirLock({ dataDir })).toThrow(/already in use by this process/);
    lock.release();
    expect(existsSync(lock.lockFile)).toBe(false);
    acquireDataDirLock({ dataDir }).release();
  });

  it('takes over locks naming a dead pid, this pid from an earlier run, or garbage', () => {
    const dataDir = path.join(root, 'stale');
    mkdirSync(dataDir);
    for (const content of ['999999999\n', `${process.pid}\n`, 'garbage', '']) {
      writeFileSync(path.join(dataDir, '.lock'), content);
      const lock = acquireDataDirLock({ dataDir });
      expect(readFileSync(lock.lockFile, 'utf8').trim()).toBe(String(process.pid));
      lock.release();
    }
  });

  it('leaves another live process’s lock in place', () => {
    const dataDir = path.join(root, 'live');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, '.lock'), `${process.ppid}\n`);
    expect(() => acquireDataDirLock({ dataDir })).toThrow(`pid ${process.ppid}`);
    expect(readFileSync(path.join(dataDir, '.lock'), 'utf8')).toBe(`${process.ppid}\n`);
  });
});
