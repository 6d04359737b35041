import { migratedPgliteTemplate } from '../support/pglite-template';
import { dropPostgresDatabase } from './server-process';

/**
 * Once per run: an embedded database with every migration applied, which each server a test starts
 * on a fresh data folder gets a copy of (tempDataDir in server-process.ts). Creating a PGlite
 * database costs several seconds of initdb; a copy of this one costs a few milliseconds.
 */
export default function globalSetup() {
  process.env.E2E_PGLITE_TEMPLATE = migratedPgliteTemplate('e2e-pglite-template-');
  // A run on PostgreSQL (playwright.config.ts) drops the suite's database at its end.
  const suiteDatabase = process.env.E2E_DATABASE_URL;
  if (suiteDatabase) {
    return () => dropPostgresDatabase(suiteDatabase);
  }
}
