import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { DatabaseConfig } from '@/lib/config';
import { closeDb, getDb, openAppDatabase, type Db } from '@/lib/db/client';
import { acquireDataDirLock, DataDirLockedError } from '@/lib/db/data-dir-lock';
import * as schema from '@/lib/db/schema';
import { startPglite } from '@/lib/db/pglite';
import type { Driver, PartName } from './archive';
import { inProcessControl, removeStaging, stageBaseBackup, type BaseBackupControl } from './base-backup';
import { sendRun, serverControl } from './control';
import { removeAbandoned } from './files';
import type { Manifest } from './manifest';
import { manifestOfPglite, PGLITE_FOLDER, sqlOfPglite, STAGING, stagingOf, tarballOf } from './pglite';
import { dumpPostgres } from './postgres';
import { recordRun, type BackupRun } from './runs';
import { storedFilesOf } from './stored-files';

// Where a backup's data comes from, and where its outcome is recorded: PostgreSQL (pg_dump beside
// the running instances), PGlite held by the running server (an online copy the server marks the
// start and end of through its control socket), or PGlite idle (opened here, under its lock).

export type Snapshot = {
  driver: Driver;
  takenAt: string;
  manifest: Manifest;
  parts: Partial<Record<PartName, Uint8Array>>;
  /** The stored files the snapshot's rows refer to: the backup carries these. */
  storageKeys: string[];
};
export type BackupSource = { snapshot: () => Promise<Snapshot>; record: (run: BackupRun) => Promise<void>; close: () => Promise<void> };

/**
 * The data folder copied into DATA_DIR/backup-staging-<pid> while the database runs, then opened
 * there by this process (its log replayed): what it holds (manifest), its SQL and its tarball, off
 * the server. The copy is removed when done; one a killed run left is removed by the next.
 */
async function describeOnlineCopy(dataDir: string, control: BaseBackupControl): Promise<Snapshot> {
  removeAbandoned(dataDir, STAGING);
  const staging = stagingOf(dataDir);
  try {
    const { startedAt } = await stageBaseBackup(path.join(dataDir, PGLITE_FOLDER), staging, control).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOSPC') throw error;
      throw new Error(
        `no space left in DATA_DIR ${dataDir} for the backup's copy of the database (about the size of ${PGLITE_FOLDER}/); the earlier backups are untouched`,
      );
    });
    const pg = await startPglite(staging);
    try {
      const manifest = await manifestOfPglite(pg);
      const storageKeys = (await storedFilesOf(async (text) => (await pg.query<Record<string, unknown>>(text)).rows)).map((row) => row.storageKey);
      const sql = await sqlOfPglite(pg);
      return { driver: 'pglite', takenAt: startedAt, manifest, storageKeys, parts: { 'pglite.tar.gz': await tarballOf(pg), 'database.sql': sql } };
    } finally {
      await pg.close();
    }
  } finally {
    await removeStaging(staging);
  }
}

function postgresSource(databaseUrl: string): BackupSource {
  let pool: { end: () => Promise<void> } | undefined;
  return {
    snapshot: async () => {
      const { sql, manifest, takenAt, storageKeys } = await dumpPostgres(databaseUrl);
      return { driver: 'pg', takenAt, manifest, storageKeys, parts: { 'database.sql': sql } };
    },
    record: async (run) => {
      const { default: pg } = await import('pg');
      const client = new pg.Pool({ connectionString: databaseUrl, max: 1 });
      pool = client;
      await recordRun(drizzle({ client, schema }) as unknown as Db, run);
    },
    close: async () => void (await pool?.end()),
  };
}

export async function openBackupSource(database: DatabaseConfig): Promise<BackupSource> {
  if (database.databaseUrl) return postgresSource(database.databaseUrl);
  const { dataDir } = database;
  let running = false;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    acquireDataDirLock({ dataDir }).release();
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    running = true;
  }
  if (running) {
    return {
      snapshot: () => describeOnlineCopy(dataDir, serverControl(dataDir)),
      record: (run) => sendRun(dataDir, run),
      close: async () => undefined,
    };
  }
  // Idle: the folder is opened (and migrated) here, and stays locked until close.
  const { handle } = await openAppDatabase(database);
  return {
    snapshot: () => describeOnlineCopy(dataDir, inProcessControl(handle.client as PGlite)),
    record: async (run) => recordRun(await getDb(), run),
    close: () => closeDb(),
  };
}
