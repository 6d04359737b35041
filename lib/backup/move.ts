import type { PGlite } from '@electric-sql/pglite';
import type { Config } from '@/lib/config';
import { closeDb, openAppDatabase } from '@/lib/db/client';
import { DataDirLockedError } from '@/lib/db/data-dir-lock';
import { compareManifests } from './manifest';
import { manifestOfPglite, sqlOfPglite } from './pglite';
import { adaptScript } from './sql-script';
import { connectPostgres, manifestOfPostgres, runScriptInPostgres, serverMajor, userTableCount } from './postgres';
import { TargetNotEmptyError } from './restore';
import { currentSecrets, type BackupSettings } from './take';

// `npm run data:move-to-postgres -- --to postgresql://…`: the embedded database, copied whole into an
// empty PostgreSQL database with its own pg_dump's SQL, checked table by table (counts and checksums).
// The server is stopped first, so that nothing written meanwhile is left behind.

export type MoveOutcome = { tables: number; rows: number; settings: string[] };

export async function moveToPostgres(settings: BackupSettings & Pick<Config, 'database'>, to: string): Promise<MoveOutcome> {
  const target = await connectPostgres(to);
  try {
    if ((await userTableCount(target)) > 0) throw new TargetNotEmptyError('The PostgreSQL database');
    let pg: PGlite;
    try {
      pg = (await openAppDatabase({ dataDir: settings.database.dataDir, databaseUrl: undefined })).handle.client as PGlite;
    } catch (error) {
      if (error instanceof DataDirLockedError) throw new Error(`stop the server first: ${error.message}`);
      throw error;
    }
    let expected, sql;
    try {
      expected = await manifestOfPglite(pg);
      sql = await sqlOfPglite(pg);
    } finally {
      await closeDb();
    }
    await runScriptInPostgres(to, adaptScript(sql.toString('utf8'), { serverMajor: await serverMajor(target) }));
    const problems = compareManifests({ expected, actual: await manifestOfPostgres(target) });
    if (problems.length > 0) throw new Error(`the copy differs: ${problems.slice(0, 5).join('; ')}`);
    const secrets = currentSecrets(settings);
    return {
      tables: expected.tables.length,
      rows: expected.tables.reduce((sum, table) => sum + table.rows, 0),
      settings: [
        `DATABASE_URL=${to}`,
        ...(secrets.sessionSecret ? [`SESSION_SECRET=${secrets.sessionSecret}`] : []),
        ...(secrets.vapidKeys ? [`VAPID_PUBLIC_KEY=${secrets.vapidKeys.publicKey}`, `VAPID_PRIVATE_KEY=${secrets.vapidKeys.privateKey}`] : []),
        // The dossiers' files stay where they are: every instance reads that folder with that key.
        `FILES_DIR=${settings.files.dir}`,
        ...(secrets.filesKey ? [`FILES_KEY=${secrets.filesKey}`] : []),
      ],
    };
  } finally {
    await target.end();
  }
}
