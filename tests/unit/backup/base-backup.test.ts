// The embedded database's online copy (lib/backup/base-backup.ts), with real parts: a PGlite data
// folder on disk written to before, during and after the copy. The copy opened by PGlite holds
// every write committed before the backup's end (those made during the copy come from the replayed
// log) and none made after; no replication slot outlives a backup. The server's lease: a second
// backup is refused while the first one's process lives, and a dead process's backup is ended.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessControl, stageBaseBackup, type BaseBackupControl } from '@/lib/backup/base-backup';
import { serveBackupControl, serverControl } from '@/lib/backup/control';
import { startPglite } from '@/lib/db/pglite';

const ROOT = mkdtempSync(path.join(tmpdir(), 'base-backup-'));
const live = path.join(ROOT, 'pglite');
let pg: PGlite;

const count = async (db: PGlite, where = 'true') => (await db.query<{ n: number }>(`select count(*)::int as n from items where ${where}`)).rows[0]!.n;
const slots = async () => (await pg.query<{ n: number }>('select count(*)::int as n from pg_replication_slots')).rows[0]!.n;

beforeAll(async () => {
  // A copy of the run's migrated template (tests/unit/global-setup.ts) spares an initdb.
  const template = process.env.UNIT_PGLITE_TEMPLATE;
  if (template) cpSync(path.join(template, 'pglite'), live, { recursive: true });
  pg = await startPglite(live);
  await pg.exec('create table items (id serial primary key, phase text not null, body text not null)');
  // Several megabytes, so the copy takes a while and the checkpoint before it has pages to write.
  await pg.exec("insert into items (phase, body) select 'before', repeat(md5(g::text), 20) from generate_series(1, 20000) as g");
}, 120_000);

afterAll(async () => {
  await pg?.close();
  rmSync(ROOT, { recursive: true, force: true });
});

describe('the online copy of a data folder in use', { timeout: 120_000 }, () => {
  it('holds every write committed before its end, those made during the copy included, and none after', async () => {
    const staging = path.join(ROOT, 'staging');
    const control = inProcessControl(pg);
    // Writes between start and stop: after the start's checkpoint, so only the log carries them.
    const during: BaseBackupControl = {
      start: async () => {
        const started = await control.start();
        await pg.exec("insert into items (phase, body) select 'during', 'x' from generate_series(1, 500)");
        await pg.exec("update items set body = 'changed during the copy' where id <= 100");
        return started;
      },
      stop: async () => {
        await pg.exec("insert into items (phase, body) values ('last before stop', 'x')");
        const stopped = await control.stop();
        await pg.exec("insert into items (phase, body) select 'after', 'x' from generate_series(1, 50)");
        return stopped;
      },
    };
    const { startedAt } = await stageBaseBackup(live, staging, during);
    expect(Date.parse(startedAt)).toBeLessThanOrEqual(Date.now());
    expect(await slots()).toBe(0);
    expect(existsSync(path.join(staging, 'backup_label'))).toBe(true);
    expect(existsSync(path.join(staging, 'postmaster.pid'))).toBe(false);

    const copy = await startPglite(staging);
    try {
      expect(await count(copy, "phase = 'before'")).toBe(20000);
      expect(await count(copy, "phase = 'during'")).toBe(500);
      expect(await count(copy, "phase = 'last before stop'")).toBe(1);
      expect(await count(copy, "phase = 'after'")).toBe(0);
      expect(await count(copy, "body = 'changed during the copy'")).toBe(100);
      // Opened, the copy is a database of its own: no slot, no backup under way, writable.
      expect((await copy.query<{ n: number }>('select count(*)::int as n from pg_replication_slots')).rows[0]!.n).toBe(0);
      await copy.exec("insert into items (phase, body) values ('in the copy', 'x')");
    } finally {
      await copy.close();
    }
    expect(await count(pg, "phase = 'after'")).toBe(50);
    expect(await count(pg, "phase = 'in the copy'")).toBe(0);
  });

  it('ends the backup when the copy fails, and says why', async () => {
    const staging = path.join(ROOT, 'occupied');
    mkdirSync(path.join(staging, 'base'), { recursive: true }); // the copy cannot make its folder
    await expect(stageBaseBackup(live, staging, inProcessControl(pg))).rejects.toThrow(/EEXIST/);
    expect(await slots()).toBe(0);
    // Nothing is left under way: the next backup starts.
    await stageBaseBackup(live, path.join(ROOT, 'next'), inProcessControl(pg));
  });

  it("the server's socket gives one backup at a time, and ends the one of a process that died", async () => {
    const dataDir = path.join(ROOT, 'socket');
    mkdirSync(dataDir);
    const close = await serveBackupControl(dataDir, { pg, record: async () => undefined });
    try {
      const mine = serverControl(dataDir);
      await mine.start();
      // While this process's backup is under way, a second one is refused.
      await expect(mine.start()).rejects.toThrow(/409.*already being taken/);
      await mine.stop();
      await expect(mine.stop()).rejects.toThrow(/409/);

      // A process killed half-way: its backup and slot stay until the next start finds it dead.
      const dead = Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).toString());
      const startAsDead = await new Promise<number>((resolve, reject) => {
        const request = http.request({ socketPath: path.join(dataDir, 'backup.sock'), path: '/base-backup/start', method: 'POST' }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
        request.end(JSON.stringify({ pid: dead }));
      });
      expect(startAsDead).toBe(200);
      expect(await slots()).toBe(1);
      await mine.start();
      await mine.stop();
      expect(await slots()).toBe(0);
    } finally {
      close();
    }
  });
});
