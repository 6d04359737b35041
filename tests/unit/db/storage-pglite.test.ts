import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeMigrations } from './migrations-suite';
import { describeOperators } from './operators-suite';
import { OPEN_TIMEOUT_MS, pgliteDatabase } from './test-database';

describe('storage on PGlite', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('creates DATA_DIR with its parents and locks it for this process', () => {
    const dataDir = database.dataDir ?? '';
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(readFileSync(path.join(dataDir, '.lock'), 'utf8').trim()).toBe(String(process.pid));
  });

  describeMigrations();
  describeOperators();
});
