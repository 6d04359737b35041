import { afterAll, beforeAll, describe } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase } from '../db/test-database';
import { describeCannedQueries } from './queries-suite';

describe('canned reply queries on PGlite', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);
  describeCannedQueries();
});
