import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '@/lib/db/migrate';

// lib/db/schema.ts is the only description of the tables: drizzle-kit, run on a copy of the
// committed migrations, must find nothing to add. A schema edited without `npm run db:generate`
// fails here.

const run = promisify(execFile);
// Inside the project and relative: drizzle-kit prefixes its --out with "./". Under
// node_modules/.cache, so that the probe schema resolves drizzle-orm yet stays out of git and lint.
const root = path.join('node_modules/.cache', `schema-drift-${process.pid}`);
mkdirSync(root, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SCHEMA = 'lib/db/schema.ts';

/** The migration files drizzle-kit writes for `schema`, on top of a copy of the committed ones. */
async function generate(name: string, schema: string): Promise<{ files: string[]; output: string }> {
  const out = path.join(root, name);
  cpSync(MIGRATIONS_FOLDER, out, { recursive: true });
  const before = new Set(readdirSync(out));
  const { stdout, stderr } = await run(
    process.execPath,
    ['node_modules/drizzle-kit/bin.cjs', 'generate', '--dialect', 'postgresql', '--schema', schema, '--out', out, '--name', 'drift'],
    { cwd: process.cwd() },
  );
  return { files: readdirSync(out).filter((file) => !before.has(file)), output: stdout + stderr };
}

describe('schema and committed migrations', () => {
  it('agree: drizzle-kit generates nothing new', async () => {
    const { files, output } = await generate('committed', SCHEMA);
    // Said explicitly, so that a drizzle-kit that failed to run does not pass for "no change".
    expect(output).toContain('No schema changes');
    expect(files).toEqual([]);
  }, 120_000);

  it('disagree as soon as the schema changes (the check above can fail)', async () => {
    const edited = path.join(root, 'schema-probe.ts');
    writeFileSync(edited, readFileSync(SCHEMA, 'utf8').replace("phone: text('phone'),", "phone: text('phone'),\n    company: text('company'),"));
    try {
      const { files } = await generate('edited', edited);
      expect(files).toEqual([expect.stringMatching(/_drift\.sql$/)]);
      expect(readFileSync(path.join(root, 'edited', files[0]!), 'utf8')).toContain('ADD COLUMN "company" text');
    } finally {
      rmSync(edited, { force: true });
    }
  }, 120_000);
});
