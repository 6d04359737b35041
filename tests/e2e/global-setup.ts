import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropPostgresDatabase } from './server-process';

/**
 * Once per run: an embedded database with every migration applied, which each server a test starts
 * on a fresh data folder gets a copy of (tempDataDir in server-process.ts). Creating a PGlite
 * database costs several seconds of initdb; a copy of this one costs a few milliseconds.
 */
export default function globalSetup() {
  const template = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-pglite-template-')), 'data');
  execFileSync('npm', ['run', '--silent', 'db:migrate'], { env: { ...process.env, DATA_DIR: template, DATABASE_URL: '' }, stdio: 'pipe' });
  process.env.E2E_PGLITE_TEMPLATE = template;
  // A run on PostgreSQL (playwright.config.ts) drops the suite's database at its end.
  const suiteDatabase = process.env.E2E_DATABASE_URL;
  if (suiteDatabase) {
    return () => dropPostgresDatabase(suiteDatabase);
  }
}
