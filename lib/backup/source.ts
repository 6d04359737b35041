import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { DatabaseConfig } from '@/lib/config';
import { closeDb, getDb, openAppDatabase, type Db } from '@/lib/db/client';
import { acquireDataDirLock, DataDirLockedError } from '@/lib/db/data-dir-lock';
import * as schema from '@/lib/db/schema';
import type { Driver, PartName } from './archive';
import { sendRun } from './control';
import type { Manifest } from './manifest';
import { manifestOfPglite, openInMemory, snapshotDataDir, sqlOfPglite } from './pglite';
import { dumpPostgres } from './postgres';
import { recordRun, type BackupRun } from './runs';
import { storedFilesOf } from './stored-files';

// Where a backup's data comes from, and where its outcome is recorded: PostgreSQL (pg_dump beside
// the running instances), PGlite held by the running server (its control socket), or PGlite idle
// (opened here, under its lock).

export type Snapshot = {
  driver: Driver;
  takenAt: string;
  manifest: Manifest;
  parts: Partial<Record<PartName, Uint8Array>>;
  /** The stored files the snapshot's rows refer to: the backup carries these. */
  storageKeys: string[];
};
export type BackupSource = { snapshot: () => Promise<Snapshot>; record: (run: BackupRun) => Promise<void>; close: () => Promise<void> };

/** The snapshot's own database, in memory: what it holds (manifest) and its SQL, off the server. */
async function describeTarball(tar: Buffer, takenAt: string): Promise<Snapshot> {
  const pg = await openInMemory(tar);
  try {
    const manifest = await manifestOfPglite(pg);
    const storageKeys = (await storedFilesOf(async (text) => (await pg.query<Record<string, unknown>>(text)).rows)).map((row) => row.storageKey);
    return { driver: 'pglite', takenAt, manifest, storageKeys, parts: { 'pglite.tar.gz': tar, 'database.sql': await sqlOfPglite(pg) } };
  } finally {
    await pg.close();
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
      snapshot: async () => {
        const takenAt = new Date().toISOString();
        return describeTarball(await snapshotDataDir(dataDir), takenAt);
      },
      record: (run) => sendRun(dataDir, run),
      close: async () => undefined,
    };
  }
  // Idle: the folder is opened (and migrated) here, and stays locked until close.
  const { handle } = await openAppDatabase(database);
  return {
    snapshot: async () => {
      const takenAt = new Date().toISOString();
      const { snapshotPglite } = await import('./control');
      return describeTarball(await snapshotPglite(handle.client as PGlite), takenAt);
    },
    record: async (run) => recordRun(await getDb(), run),
    close: () => closeDb(),
  };
}
