import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { SESSION_SECRET_FILE } from '@/lib/auth/session-secret';
import { createPrivateFileOnce } from '@/lib/auth/private-file';
import { acquireDataDirLock } from '@/lib/db/data-dir-lock';
import { startPglite } from '@/lib/db/pglite';
import { VAPID_KEYS_FILE } from '@/lib/push/vapid-keys';
import type { Secrets, UnpackedBackup } from './archive';
import { applyErasures, readErasures } from './erasures';
import { compareManifests, type Manifest } from './manifest';
import { PGLITE_FOLDER, manifestOfPglite } from './pglite';
import { adaptScript, runScriptInPglite } from './sql-script';
import { connectPostgres, manifestOfPostgres, runScriptInPostgres, serverMajor, userTableCount } from './postgres';

// `npm run data:restore -- FILE`: into an empty data folder or an empty PostgreSQL database, never
// over data. The restored tables are compared with the backup's manifest before the register's
// erasures are applied again; a failure leaves the target as empty as it was.

export type RestoreTarget = { dataDir: string; databaseUrl?: string };
export type RestoreOutcome = { tables: number; rows: number; erasuresApplied: number; secretsWritten: string[] };

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

const sqlOf = (backup: UnpackedBackup) => {
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
  ];
  return files.flatMap(([name, text]) => {
    if (!text) return [];
    const file = path.join(dataDir, name);
    return createPrivateFileOnce(file, text) === text ? [file] : [];
  });
}

async function restoreIntoDataDir(backup: UnpackedBackup, dataDir: string, backupDir: string) {
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
    await pg.close();
    pg = undefined;
    return erasuresApplied;
  } catch (error) {
    await pg?.close().catch(() => undefined);
    lock.release();
    for (const name of readdirSync(dataDir)) rmSync(path.join(dataDir, name), { recursive: true, force: true });
    throw error;
  } finally {
    lock.release();
  }
}

async function restoreIntoPostgres(backup: UnpackedBackup, databaseUrl: string, backupDir: string) {
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
      return applied;
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

export async function restoreBackup(backup: UnpackedBackup, { target, backupDir }: { target: RestoreTarget; backupDir: string }): Promise<RestoreOutcome> {
  const erasuresApplied = target.databaseUrl
    ? await restoreIntoPostgres(backup, target.databaseUrl, backupDir)
    : await restoreIntoDataDir(backup, target.dataDir, backupDir);
  const secrets = JSON.parse(backup.parts['secrets.json']?.toString('utf8') ?? '{}') as Secrets;
  return {
    tables: backup.header.manifest.tables.length,
    rows: backup.header.manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    erasuresApplied,
    secretsWritten: writeSecrets(target.dataDir, secrets),
  };
}
