import type { PGlite } from '@electric-sql/pglite';

// pg_dump's plain SQL, read by psql into PostgreSQL and by this file into PGlite, which has no psql:
// the statements go through exec(), each `COPY … FROM stdin` block through PGlite's /dev/blob.

const COPY_LINE = /^COPY (.+) FROM stdin;$/;

/** psql meta-commands (\restrict of recent pg_dump) and settings an older server does not know. */
export function adaptScript(script: string, { serverMajor }: { serverMajor: number }): string {
  return script
    .split('\n')
    .filter((line) => !(serverMajor < 17 && line.startsWith('SET transaction_timeout')))
    .join('\n');
}

/** Runs a plain pg_dump script in `pg`, in one transaction. */
export async function runScriptInPglite(pg: PGlite, script: string): Promise<void> {
  const lines = script.split('\n');
  await pg.transaction(async (tx) => {
    let statements: string[] = [];
    const flush = async () => {
      const text = statements.join('\n').trim();
      statements = [];
      if (text) await tx.exec(text);
    };
    for (let index = 0; index < lines.length; index += 1) {
      const line = lines[index]!;
      if (line.startsWith('\\')) continue;
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
