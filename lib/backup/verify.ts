import type { PGlite } from '@electric-sql/pglite';
import type { UnpackedBackup } from './archive';
import { compareManifests } from './manifest';
import { manifestOfPglite, openInMemory } from './pglite';
import { runScriptInPglite } from './sql-script';

// `npm run data:verify` and the weekly job: each copy of the database a backup holds (the data
// folder, the SQL) is restored into a scratch database in memory and compared with the manifest:
// the same tables, the same row counts, the same checksums. Nothing touches the live database.

export type VerifyOutcome = { tables: number; rows: number; checked: string[] };

async function check(label: string, open: () => Promise<PGlite>, backup: UnpackedBackup): Promise<void> {
  let pg: PGlite | undefined;
  try {
    pg = await open();
    const problems = compareManifests({ expected: backup.header.manifest, actual: await manifestOfPglite(pg) });
    if (problems.length > 0) throw new Error(problems.slice(0, 5).join('; '));
  } catch (error) {
    throw new Error(`the ${label} does not restore to what the backup claims: ${(error as Error).message}`);
  } finally {
    await pg?.close().catch(() => undefined);
  }
}

export async function verifyBackup(backup: UnpackedBackup): Promise<VerifyOutcome> {
  const { parts, header } = backup;
  const checked: string[] = [];
  const tar = parts['pglite.tar.gz'];
  if (tar) {
    await check('data-folder dump', () => openInMemory(tar), backup);
    checked.push('pglite.tar.gz');
  }
  const sql = parts['database.sql'];
  if (sql) {
    await check(
      'SQL dump',
      async () => {
        const pg = await openInMemory();
        await runScriptInPglite(pg, sql.toString('utf8'));
        return pg;
      },
      backup,
    );
    checked.push('database.sql');
  }
  if (checked.length === 0) throw new Error('the backup holds no database');
  return { tables: header.manifest.tables.length, rows: header.manifest.tables.reduce((sum, table) => sum + table.rows, 0), checked };
}
