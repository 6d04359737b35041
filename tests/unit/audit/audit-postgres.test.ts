import { afterAll, beforeAll, describe, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, postgresDatabase, postgresUnavailable } from '../db/test-database';

vi.mock('server-only', () => ({}));
vi.mock('@/lib/auth/operator-session', () => import('../admin/always-operator'));

const unavailable = await postgresUnavailable();
if (unavailable) console.warn(unavailable);
const { describeAudit } = await import('./audit-suite');

describe.skipIf(unavailable)('the audit trail on PostgreSQL', () => {
  const database = postgresDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);
  describeAudit();
});
