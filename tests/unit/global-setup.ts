import { rmSync } from 'node:fs';
import path from 'node:path';
import { migratedPgliteTemplate } from '../support/pglite-template';

/**
 * Once per run: the migrated template each test file's fresh PGlite database starts as a copy of
 * (pgliteDatabase in tests/unit/db/test-database.ts): about 3 s of initdb and migrations per file
 * become about 0.1 s. The tests of the start-up itself (tests/unit/db/storage-pglite,
 * legacy-upgrade…) still create theirs from nothing.
 */
export default function globalSetup() {
  const template = migratedPgliteTemplate('unit-pglite-template-');
  process.env.UNIT_PGLITE_TEMPLATE = template;
  return () => rmSync(path.dirname(template), { recursive: true, force: true });
}
