import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

// PostgreSQL's own online backup of PGlite's data folder. The server only marks the start and the
// end (`pg_backup_start` / `pg_backup_stop`, a few milliseconds each, between two of the chat's
// queries); the backup script copies the files itself while the server goes on writing, then the
// write-ahead log from start to end and the backup label. Opened by PGlite, the copy replays that
// log and is the database as it stood at the end: the server never holds the folder in memory, and
// no query waits for the copy. A replication slot keeps the log from the start until the end.

const SLOT = 'site_backup';
const LABEL = 'maurice-expat backup';

export type BaseBackupStart = { startWal: string; startedAt: string };
export type BaseBackupStop = { stopWal: string; labelFile: string };
/** Start and stop, on the server through its control socket, or here on an idle folder. */
export type BaseBackupControl = { start: () => Promise<BaseBackupStart>; stop: () => Promise<BaseBackupStop> };

/** Drops the slot a backup left when its server stopped half-way (it would keep the log forever). */
export async function dropBackupSlot(pg: PGlite): Promise<void> {
  await pg.query('select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1', [SLOT]);
}

export async function startBaseBackup(pg: PGlite): Promise<BaseBackupStart> {
  await dropBackupSlot(pg);
  await pg.query('select pg_create_physical_replication_slot($1, true, false)', [SLOT]);
  const startedAt = new Date().toISOString();
  try {
    const { rows } = await pg.query<{ wal: string }>('select pg_walfile_name(lsn) as wal from pg_backup_start($1, true) as lsn', [LABEL]);
    return { startWal: rows[0]!.wal, startedAt };
  } catch (error) {
    await dropBackupSlot(pg);
    throw error;
  }
}

export async function stopBaseBackup(pg: PGlite): Promise<BaseBackupStop> {
  try {
    const { rows } = await pg.query<{ wal: string; labelfile: string }>('select pg_walfile_name(lsn) as wal, labelfile from pg_backup_stop(false)');
    return { stopWal: rows[0]!.wal, labelFile: rows[0]!.labelfile };
  } finally {
    await dropBackupSlot(pg);
  }
}

/** The server's session ends an unfinished backup itself, so only the slot can outlive a crash. */
export const inProcessControl = (pg: PGlite): BaseBackupControl => ({ start: () => startBaseBackup(pg), stop: () => stopBaseBackup(pg) });

// What a base backup leaves out (PostgreSQL's documentation, "Making a Base Backup Using the
// Low Level API"): the log (copied at the end), the running server's files, and folders whose
// content is rebuilt at start. The folders themselves are kept.
const SKIP_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'backup_label.old', 'tablespace_map']);
const EMPTY_FOLDERS = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

const vanished = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Copies a folder the server is writing to: a file removed meanwhile is skipped (the log replays it). */
async function copyLiveTree(from: string, to: string, top: boolean): Promise<void> {
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if (vanished(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      await mkdir(target, { mode: 0o700 });
      if (!(top && EMPTY_FOLDERS.has(entry.name))) await copyLiveTree(source, target, false);
    } else if (entry.isFile() && !(top && SKIP_FILES.has(entry.name)) && !entry.name.startsWith('pgsql_tmp')) {
      try {
        await copyFile(source, target);
      } catch (error) {
        if (!vanished(error)) throw error;
      }
    }
  }
}

/**
 * Copies the data folder `pgDataDir`, in use or not, into the empty folder `staging`, ready to be
 * opened: the files between start and stop, then the log segments the backup spans and its label.
 */
export async function stageBaseBackup(pgDataDir: string, staging: string, control: BaseBackupControl): Promise<{ startedAt: string }> {
  await mkdir(staging, { recursive: true, mode: 0o700 });
  const { startWal, startedAt } = await control.start();
  const copied = await copyLiveTree(pgDataDir, staging, true).catch((error: Error) => error);
  // The backup ends whatever happened to the copy (the server would keep its log for it).
  const { stopWal, labelFile } = await control.stop();
  if (copied instanceof Error) throw copied;
  const wal = path.join(pgDataDir, 'pg_wal');
  const segments = (await readdir(wal)).filter((name) => WAL_SEGMENT.test(name) && name >= startWal && name <= stopWal);
  if (!segments.includes(startWal) || !segments.includes(stopWal)) throw new Error(`the write-ahead log from ${startWal} to ${stopWal} is not all in ${wal}`);
  for (const name of segments) await copyFile(path.join(wal, name), path.join(staging, 'pg_wal', name));
  await writeFile(path.join(staging, 'backup_label'), labelFile, { mode: 0o600 });
  return { startedAt };
}

export const removeStaging = (staging: string) => rm(staging, { recursive: true, force: true });
