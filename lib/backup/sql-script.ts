import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';

// pg_dump's plain SQL, read by psql into PostgreSQL and by this file into PGlite, which has no psql:
// the statements go through exec(), each `COPY … FROM stdin` block through PGlite's /dev/blob.

const COPY_LINE = /^COPY (.+) FROM stdin;$/;
/** pg_dump's own guard (PostgreSQL 17.6, 16.10, 15.14 and later): replaced by ours. */
const DUMP_RESTRICT = /^\\(un)?restrict [A-Za-z0-9]+$/;

export class ScriptCommandError extends Error {
  constructor(line: number) {
    super(`the backup's SQL holds a psql command at line ${line}: refused (a backup holds data and SQL statements only)`);
    this.name = 'ScriptCommandError';
  }
}

/**
 * The script's lines with what psql would read as its own commands outside the COPY data: pg_dump
 * writes none but `\restrict`/`\unrestrict` and the `\.` that ends a COPY's data. Any other line
 * that starts with a backslash (`\!` runs a shell command, `\o` writes a file, `\i` reads one) is
 * refused before psql sees anything.
 */
function checkedLines(script: string): string[] {
  const lines = script.split('\n');
  const kept: string[] = [];
  let inCopy = false;
  lines.forEach((line, index) => {
    if (inCopy) {
      if (line === '\\.') inCopy = false;
      kept.push(line);
    } else if (COPY_LINE.test(line)) {
      inCopy = true;
      kept.push(line);
    } else if (line.startsWith('\\')) {
      if (!DUMP_RESTRICT.test(line)) throw new ScriptCommandError(index + 1);
    } else {
      kept.push(line);
    }
  });
  return kept;
}

/**
 * The script as psql runs it: commands refused (see checkedLines), settings an older server does
 * not know dropped, and psql's restricted mode turned on first under a key made now, which the
 * backup cannot know: a backslash command anywhere else (after a statement on the same line) is
 * then an error that stops the restore (ON_ERROR_STOP). A psql without `\restrict` (before
 * 17.6, 16.10, 15.14) stops at that first line: the restore fails rather than run unguarded.
 */
export function adaptScript(script: string, { serverMajor }: { serverMajor: number }): string {
  const lines = checkedLines(script).filter((line) => !(serverMajor < 17 && line.startsWith('SET transaction_timeout')));
  return [`\\restrict ${randomBytes(24).toString('hex')}`, ...lines].join('\n');
}

/** Runs a plain pg_dump script in `pg`, in one transaction; psql's commands are refused as for PostgreSQL. */
export async function runScriptInPglite(pg: PGlite, script: string): Promise<void> {
  const lines = checkedLines(script);
  await pg.transaction(async (tx) => {
    let statements: string[] = [];
    const flush = async () => {
      const text = statements.join('\n').trim();
      statements = [];
      if (text) await tx.exec(text);
    };
    for (let index = 0; index < lines.length; index += 1) {
      const line = lines[index]!;
      const copy = COPY_LINE.exec(line);
      if (!copy) {
        statements.push(line);
        continue;
      }
      await flush();
      const end = lines.indexOf('\\.', index + 1);
      if (end < 0) throw new Error(`the SQL dump is cut short in the data of ${copy[1]}`);
      const data = lines.slice(index + 1, end);
      index = end;
      if (data.length === 0) continue;
      await tx.query(`COPY ${copy[1]} FROM '/dev/blob'`, [], { blob: new Blob([`${data.join('\n')}\n`]) });
    }
    await flush();
  });
}
