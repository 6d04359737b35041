import { afterAll, beforeAll, describe } from 'vitest';
import { OPEN_TIMEOUT_MS, postgresDatabase, postgresUnavailable } from '../db/test-database';
import { describePushQueries } from './queries-suite';

const unavailable = await postgresUnavailable();
if (unavailable) console.warn(unavailable);

describe.skipIf(unavailable)('push queries on PostgreSQL', () => {
  const database = postgresDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);
  describePushQueries();
});
