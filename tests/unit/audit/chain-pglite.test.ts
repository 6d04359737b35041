import { afterAll, beforeAll, describe, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase } from '../db/test-database';

vi.mock('server-only', () => ({}));

const { describeChain } = await import('./chain-suite');

describe('the journal chain on PGlite', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);
  describeChain();
});
