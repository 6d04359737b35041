import { afterAll, beforeAll, describe, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase } from '../db/test-database';

vi.mock('server-only', () => ({}));
vi.mock('@/lib/auth/operator-session', () => import('../admin/always-operator'));

const { describeAudit } = await import('./audit-suite');

describe('the audit trail on PGlite', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);
  describeAudit();
});
