import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Once per run: an embedded database with every migration applied, which each test file's fresh
 * PGlite database starts as a copy of (pgliteDatabase in tests/unit/db/test-database.ts). Creating
 * one costs about 3 s of initdb and migrations per file; a copy costs about 0.1 s. The tests of the
 * start-up itself (tests/unit/db/storage-pglite, legacy-upgrade…) still create theirs from nothing.
 */
export default function globalSetup() {
  const root = mkdtempSync(path.join(tmpdir(), 'unit-pglite-template-'));
  const template = path.join(root, 'data');
  execFileSync('npm', ['run', '--silent', 'db:migrate'], { env: { ...process.env, DATA_DIR: template, DATABASE_URL: '' }, stdio: 'pipe' });
  process.env.UNIT_PGLITE_TEMPLATE = template;
  return () => rmSync(root, { recursive: true, force: true });
}
