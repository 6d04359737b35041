import type { PGlite } from '@electric-sql/pglite';
import { checkStoredBytes } from '@/lib/files/store';
import { secretsOf, type OpenedBackup } from './archive';
import { compareManifests } from './manifest';
import { manifestOfPglite, openInMemory } from './pglite';
import { runScriptInPglite } from './sql-script';
import { compareStoredFiles, storedFilesOf, type StoredFileRow } from './stored-files';

// `npm run data:verify` and the weekly job: each copy of the database a backup holds (the data
// folder, the SQL) is restored into a scratch database in memory and compared with the manifest:
// the same tables, the same row counts, the same checksums. Then each stored file the backup
// carries is opened with the backup's files key and compared with its row (size and SHA-256 of
// its plaintext), and every row must have its file. Nothing touches the live database or FILES_DIR.

export type VerifyOutcome = { tables: number; rows: number; checked: string[]; files: number };

/** Restores one copy into a scratch database and compares it; returns its stored-file rows. */
async function check(label: string, open: () => Promise<PGlite>, backup: OpenedBackup): Promise<StoredFileRow[]> {
  let pg: PGlite | undefined;
  try {
    pg = await open();
    const problems = compareManifests({ expected: backup.header.manifest, actual: await manifestOfPglite(pg) });
    if (problems.length > 0) throw new Error(problems.slice(0, 5).join('; '));
    const scratch = pg;
    return await storedFilesOf(async (text) => (await scratch.query<Record<string, unknown>>(text)).rows);
  } catch (error) {
    throw new Error(`the ${label} does not restore to what the backup claims: ${(error as Error).message}`);
  } finally {
    await pg?.close().catch(() => undefined);
  }
}

export async function verifyBackup(backup: OpenedBackup): Promise<VerifyOutcome> {
  const { parts, header } = backup;
  const checked: string[] = [];
  let rows: StoredFileRow[] = [];
  const tar = parts['pglite.tar.gz'];
  if (tar) {
    rows = await check('data-folder dump', () => openInMemory(tar), backup);
    checked.push('pglite.tar.gz');
  }
  const sql = parts['database.sql'];
  if (sql) {
    rows = await check(
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

  const key = Buffer.from(secretsOf(backup).filesKey ?? '', 'base64');
  const carried = new Map<string, { bytes: number; sha256: string }>();
  const trailer = await backup.readFiles(async (entry, chunks) => {
    try {
      carried.set(entry.storageKey, await checkStoredBytes(key, chunks));
    } catch (error) {
      throw new Error(`the stored file ${entry.storageKey} does not open with the backup's files key: ${(error as Error).message}`);
    }
  });
  const problems = compareStoredFiles({ rows, carried, gone: trailer.gone });
  if (problems.length > 0) throw new Error(`the backup's files do not match its rows: ${problems.slice(0, 3).join('; ')}`);
  return {
    tables: header.manifest.tables.length,
    rows: header.manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    checked,
    files: carried.size,
  };
}
