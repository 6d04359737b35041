import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { SESSION_SECRET_FILE } from '@/lib/auth/session-secret';
import { createPrivateFileOnce } from '@/lib/auth/private-file';
import { filesKeyBytes } from '@/lib/config';
import { acquireDataDirLock } from '@/lib/db/data-dir-lock';
import { startPglite } from '@/lib/db/pglite';
import { FILES_KEY_FILE, readFilesKeyFile } from '@/lib/files/key';
import { VAPID_KEYS_FILE } from '@/lib/push/vapid-keys';
import { checkStoredBytes, openStoredRaw, writeStoredRaw } from '@/lib/files/store';
import { secretsOf, type OpenedBackup, type Secrets } from './archive';
import { applyErasures, readErasures } from './erasures';
import { compareManifests, type Manifest, type Query } from './manifest';
import { PGLITE_FOLDER, manifestOfPglite } from './pglite';
import { adaptScript, runScriptInPglite } from './sql-script';
import { connectPostgres, manifestOfPostgres, queryOf, runScriptInPostgres, serverMajor, userTableCount } from './postgres';
import { compareStoredFiles, storedFilesOf } from './stored-files';

// `npm run data:restore -- FILE`: into an empty data folder or an empty PostgreSQL database, never
// over data. The restored tables are compared with the backup's manifest before the register's
// erasures are applied again; a failure leaves the target as empty as it was.

export type RestoreTarget = {
  dataDir: string;
  databaseUrl?: string;
  /** Where the dossiers' files go (FILES_DIR), and FILES_KEY when set: it must be the backup's. */
  files: { dir: string; key?: string };
};
export type RestoreOutcome = { tables: number; rows: number; erasuresApplied: number; files: number; secretsWritten: string[] };

export class TargetNotEmptyError extends Error {
  constructor(what: string) {
    super(`${what} is not empty: a backup is restored only into an empty data folder or an empty database`);
    this.name = 'TargetNotEmptyError';
  }
}

function assertMatches(expected: Manifest, actual: Manifest) {
  const problems = compareManifests({ expected, actual });
  if (problems.length > 0) throw new Error(`the restored database differs from the backup: ${problems.slice(0, 5).join('; ')}`);
}

const sqlOf = (backup: OpenedBackup) => {
  const sql = backup.parts['database.sql'];
  if (!sql) throw new Error('the backup holds no SQL');
  return sql.toString('utf8');
};

/** Writes the backup's secrets into `dataDir` where none is; returns the files written. */
function writeSecrets(dataDir: string, secrets: Secrets): string[] {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const files: [string, string | undefined][] = [
    [SESSION_SECRET_FILE, secrets.sessionSecret],
    [VAPID_KEYS_FILE, secrets.vapidKeys && JSON.stringify(secrets.vapidKeys)],
    [FILES_KEY_FILE, secrets.filesKey],
  ];
  return files.flatMap(([name, text]) => {
    if (!text) return [];
    const file = path.join(dataDir, name);
    return createPrivateFileOnce(file, text) === text ? [file] : [];
  });
}

/** Runs on the restored database once its erasures are applied: puts the stored files back. */
type AfterDatabase = (query: Query) => Promise<number>;

async function restoreIntoDataDir(backup: OpenedBackup, dataDir: string, backupDir: string, afterDatabase: AfterDatabase) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (readdirSync(dataDir).length > 0) throw new TargetNotEmptyError(`The data folder ${dataDir}`);
  const lock = acquireDataDirLock({ dataDir });
  let pg: PGlite | undefined;
  try {
    const tar = backup.parts['pglite.tar.gz'];
    if (tar) {
      const { PGlite } = await import('@electric-sql/pglite');
      pg = await PGlite.create(path.join(dataDir, PGLITE_FOLDER), { loadDataDir: new Blob([tar as Uint8Array<ArrayBuffer>]) });
    } else {
      pg = await startPglite(path.join(dataDir, PGLITE_FOLDER));
      await runScriptInPglite(pg, sqlOf(backup));
    }
    assertMatches(backup.header.manifest, await manifestOfPglite(pg));
    const erasuresApplied = await applyErasures({
      entries: readErasures(backupDir),
      takenAt: backup.header.takenAt,
      execute: (text, params) => pg!.query(text, params),
    });
    const files = await afterDatabase(async (text) => (await pg!.query<Record<string, unknown>>(text)).rows);
    await pg.close();
    pg = undefined;
    return { erasuresApplied, files };
  } catch (error) {
    await pg?.close().catch(() => undefined);
    lock.release();
    for (const name of readdirSync(dataDir)) rmSync(path.join(dataDir, name), { recursive: true, force: true });
    throw error;
  } finally {
    lock.release();
  }
}

async function restoreIntoPostgres(backup: OpenedBackup, databaseUrl: string, backupDir: string, afterDatabase: AfterDatabase) {
  const client = await connectPostgres(databaseUrl);
  try {
    if ((await userTableCount(client)) > 0) throw new TargetNotEmptyError('The PostgreSQL database');
    await runScriptInPostgres(databaseUrl, adaptScript(sqlOf(backup), { serverMajor: await serverMajor(client) }));
    try {
      assertMatches(backup.header.manifest, await manifestOfPostgres(client));
      await client.query('begin');
      const applied = await applyErasures({
        entries: readErasures(backupDir),
        takenAt: backup.header.takenAt,
        execute: (text, params) => client.query(text, params),
      });
      await client.query('commit');
      return { erasuresApplied: applied, files: await afterDatabase(queryOf(client)) };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      // Back to empty: what psql created goes.
      const { rows } = await client.query<{ name: string }>(
        `select quote_ident(nspname) as name from pg_catalog.pg_namespace where nspname not in ('pg_catalog', 'information_schema', 'public') and nspname not like 'pg\\_%'`,
      );
      for (const { name } of rows) await client.query(`drop schema ${name} cascade`);
      await client.query('drop schema public cascade; create schema public');
      throw error;
    }
  } finally {
    await client.end();
  }
}

const isEmptyOrAbsent = (dir: string) => {
  try {
    return readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
};

/**
 * The stored files the backup carries, back into FILES_DIR, each opened with the backup's files key
 * and compared with its row; those whose row was erased since the backup are not written. Any
 * difference removes what was written and fails the restore.
 */
function restoreStoredFiles(backup: OpenedBackup, store: { dir: string; key: Buffer }): AfterDatabase {
  return async (query) => {
    const rows = await storedFilesOf(query);
    const wanted = new Set(rows.map((row) => row.storageKey));
    const carried = new Map<string, { bytes: number; sha256: string }>();
    const written: string[] = [];
    try {
      const trailer = await backup.readFiles(async (entry, chunks) => {
        if (!wanted.has(entry.storageKey)) return; // erased since the backup: stays erased
        await writeStoredRaw(store, entry.storageKey, chunks);
        written.push(entry.storageKey);
        // Read back from FILES_DIR: what the instance will serve is what is checked.
        const stored = await openStoredRaw(store, entry.storageKey);
        if (stored) carried.set(entry.storageKey, await checkStoredBytes(store.key, stored.chunks));
      });
      const problems = compareStoredFiles({ rows, carried, gone: trailer.gone });
      if (problems.length > 0) throw new Error(`the restored files differ from the backup's rows: ${problems.slice(0, 3).join('; ')}`);
      return written.length;
    } catch (error) {
      // Only files were written there: the folder was checked empty when the backup holds any.
      if (written.length > 0) rmSync(store.dir, { recursive: true, force: true });
      throw error;
    }
  };
}

export async function restoreBackup(backup: OpenedBackup, { target, backupDir }: { target: RestoreTarget; backupDir: string }): Promise<RestoreOutcome> {
  const secrets = secretsOf(backup);
  const fileRows = backup.header.manifest.tables.find((table) => table.table === 'public.dossier_files')?.rows ?? 0;
  if (fileRows > 0) {
    if (!secrets.filesKey) throw new Error('the backup holds dossier files but not their key: it cannot restore them');
    // The key the restored instance will open them with: FILES_KEY, else DATA_DIR/files-key (written from the backup when absent).
    const inUse = target.files.key ? filesKeyBytes(target.files.key) : readFilesKeyFile(target.dataDir);
    if (inUse && !inUse.equals(Buffer.from(secrets.filesKey, 'base64'))) {
      throw new Error(
        `${target.files.key ? 'FILES_KEY' : `${path.join(target.dataDir, FILES_KEY_FILE)}`} is not the key the backup's files are encrypted with: ` +
          "remove it for the restore (the backup's key is then written to DATA_DIR/files-key)",
      );
    }
    if (!isEmptyOrAbsent(target.files.dir)) throw new TargetNotEmptyError(`The files folder ${target.files.dir}`);
  }
  const afterDatabase = restoreStoredFiles(backup, { dir: target.files.dir, key: Buffer.from(secrets.filesKey ?? '', 'base64') });
  const { erasuresApplied, files } = target.databaseUrl
    ? await restoreIntoPostgres(backup, target.databaseUrl, backupDir, afterDatabase)
    : await restoreIntoDataDir(backup, target.dataDir, backupDir, afterDatabase);
  return {
    tables: backup.header.manifest.tables.length,
    rows: backup.header.manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    erasuresApplied,
    files,
    secretsWritten: writeSecrets(target.dataDir, secrets),
  };
}
