import { afterAll, beforeAll, describe } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase } from '../db/test-database';
import { describeChatQueries } from './queries-suite';

describe('chat queries on PGlite', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);
  describeChatQueries();
});
