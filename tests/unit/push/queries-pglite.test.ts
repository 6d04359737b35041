import { afterAll, beforeAll, describe } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase } from '../db/test-database';
import { describePushQueries } from './queries-suite';

describe('push queries on PGlite', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);
  describePushQueries();
});
