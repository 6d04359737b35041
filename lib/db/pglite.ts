import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';

// PostgreSQL's memory inside PGlite's WebAssembly heap, which never shrinks. The defaults are a
// server's (128 MB of shared buffers, 64 MB for maintenance); the site's tables are a few MB and
// the kernel's page cache holds the data folder's files anyway. Measured by `npm run bench:memory`.
const PGLITE_SETTINGS = { shared_buffers: '16MB', maintenance_work_mem: '16MB' };
const CREATE_TIMEOUT_MS = 180_000;

// Run by a separate Node process: PGlite creates a database by running initdb in a second
// PostgreSQL instance, whose ~500 MB this process would keep after it is closed.
const CREATE_SCRIPT = `
import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create(process.argv[1]);
await db.close();
`;

function createOutOfProcess(pgDataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // The working directory is the app's, where `@electric-sql/pglite` resolves (as for Next).
    execFile(process.execPath, ['--input-type=module', '-e', CREATE_SCRIPT, pgDataDir], { timeout: CREATE_TIMEOUT_MS }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`Could not create the PGlite database in ${pgDataDir}: ${stderr.trim() || error.message}`));
      else resolve();
    });
  });
}

/** Opens PGlite's database in `pgDataDir`, creating it first (in a child process) when missing. */
export async function startPglite(pgDataDir: string): Promise<PGlite> {
  if (!existsSync(path.join(pgDataDir, 'PG_VERSION'))) await createOutOfProcess(pgDataDir);
  // PostgreSQL compiled to WebAssembly is some 9 MB of code. V8 first compiles it with its baseline
  // compiler (Liftoff), then recompiles hot functions with its optimising one (TurboFan), whose work
  // memory stays in the allocator's arenas: ~40-50 MB of resident memory, for no measurable gain on
  // the site's queries (an insert-and-search loop ran as fast; opening was faster). Set before the
  // module is compiled; it applies to WebAssembly only.
  v8.setFlagsFromString('--liftoff-only');
  const { PGlite } = await import('@electric-sql/pglite');
  const settings = Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  return PGlite.create(pgDataDir, { startParams: [...PGlite.defaultStartParams, ...settings] });
}
