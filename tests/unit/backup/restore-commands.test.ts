// A forged backup whose SQL carries psql commands (`\!` runs a shell command as the restoring user):
// restored into PostgreSQL and into a data folder, the command never runs. Real psql, real
// PostgreSQL, real PGlite; the backup object is built here, as opening a forged file would give it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OpenedBackup } from '@/lib/backup/archive';
import { connectPostgres, manifestOfPostgres, runScriptInPostgres, userTableCount } from '@/lib/backup/postgres';
import { restoreBackup } from '@/lib/backup/restore';
import { adaptScript, ScriptCommandError } from '@/lib/backup/sql-script';
import { scratchDatabases } from './scratch-postgres';

const databases = scratchDatabases('restore_cmd');
const ROOT = mkdtempSync(path.join(tmpdir(), 'restore-commands-'));
const MARKER = path.join(ROOT, 'ran');
afterAll(async () => {
  await databases.dropAll();
  rmSync(ROOT, { recursive: true, force: true });
});

const TABLE = 'CREATE TABLE public.notes (id integer NOT NULL, body text);';
const COPY = (rows: string[]) => ['COPY public.notes (id, body) FROM stdin;', ...rows, '\\.', ''];

function forged(sql: string, manifest: OpenedBackup['header']['manifest'] = { tables: [] }): OpenedBackup {
  return {
    header: { takenAt: new Date().toISOString(), driver: 'pg', manifest, parts: [{ name: 'database.sql', bytes: Buffer.byteLength(sql) }] },
    parts: { 'database.sql': Buffer.from(sql) },
    readFiles: async () => ({ end: true, files: 0, bytes: 0, gone: [] }),
  };
}

const target = (name: string, databaseUrl?: string) => ({
  target: { dataDir: path.join(ROOT, name), databaseUrl, files: { dir: path.join(ROOT, `${name}-files`) } },
  backupDir: path.join(ROOT, 'backups'),
});

async function tablesOf(url: string): Promise<number> {
  const client = await connectPostgres(url);
  try {
    return await userTableCount(client);
  } finally {
    await client.end();
  }
}

describe('the restore script check', () => {
  it('refuses a line that starts with a psql command outside the COPY data, keeps data lines that start with a backslash', () => {
    expect(() => adaptScript([TABLE, `\\! touch ${MARKER}`].join('\n'), { serverMajor: 17 })).toThrow(ScriptCommandError);
    expect(() => adaptScript([TABLE, '\\o /tmp/out', 'SELECT 1;'].join('\n'), { serverMajor: 17 })).toThrow(/line 2/);
    const script = adaptScript(['\\restrict abc123', TABLE, ...COPY(['1\t\\\\! not a command']), '\\unrestrict abc123'].join('\n'), { serverMajor: 17 });
    const lines = script.split('\n');
    // psql's restricted mode first, under a key of the restore's own; the dump's own guard dropped.
    expect(lines[0]).toMatch(/^\\restrict [0-9a-f]{48}$/);
    expect(lines.slice(1)).toEqual([TABLE, ...COPY(['1\t\\\\! not a command'])]);
  });
});

describe.runIf(process.env.BACKUP_TESTS === '1')('a forged backup with psql commands', { timeout: 120_000 }, () => {
  it('is refused before psql runs when a line starts with \\!, and the database stays empty', async () => {
    const url = await databases.create();
    const backup = forged([TABLE, `\\! touch ${MARKER}`, ...COPY(['1\thello'])].join('\n'));
    await expect(restoreBackup(backup, target('pg-line', url))).rejects.toThrow(ScriptCommandError);
    expect(existsSync(MARKER)).toBe(false);
    expect(await tablesOf(url)).toBe(0);
  });

  it('stops in psql when the command follows a statement on the same line: restricted mode, nothing run, nothing kept', async () => {
    const url = await databases.create();
    const backup = forged([`${TABLE} \\! touch ${MARKER}`, ...COPY(['1\thello'])].join('\n'));
    await expect(restoreBackup(backup, target('pg-inline', url))).rejects.toThrow(/backslash commands are restricted/);
    expect(existsSync(MARKER)).toBe(false);
    expect(await tablesOf(url)).toBe(0);
  });

  it('restores a `\\!` inside the COPY data as data, without running it', async () => {
    const lines = [TABLE, ...COPY([`1\t\\! touch ${MARKER}`, '2\tplain'])];
    // The manifest such a backup would claim: the same script restored elsewhere.
    const reference = await databases.create();
    await runScriptInPostgres(reference, adaptScript(lines.join('\n'), { serverMajor: 15 }));
    const client = await connectPostgres(reference);
    const manifest = await manifestOfPostgres(client).finally(() => client.end());

    const url = await databases.create();
    await restoreBackup(forged(lines.join('\n'), manifest), target('pg-data', url));
    expect(existsSync(MARKER)).toBe(false);
    const restored = await connectPostgres(url);
    try {
      const { rows } = await restored.query<{ body: string }>('select body from notes order by id');
      // COPY's text format reads `\!` as `!`: a value, never a command.
      expect(rows.map((row) => row.body)).toEqual([`! touch ${MARKER}`, 'plain']);
    } finally {
      await restored.end();
    }
  });

  it('is refused in a new data folder (PGlite) too, which is left empty', async () => {
    const backup = forged([TABLE, `\\! touch ${MARKER}`].join('\n'));
    await expect(restoreBackup(backup, target('folder'))).rejects.toThrow(ScriptCommandError);
    expect(existsSync(MARKER)).toBe(false);
  });
});
