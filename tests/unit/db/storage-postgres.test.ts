import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeMigrations } from './migrations-suite';
import { describeOperators } from './operators-suite';
import { runNode } from './run-node';
import { OPEN_TIMEOUT_MS, postgresDatabase, postgresUnavailable } from './test-database';

const unavailable = await postgresUnavailable();
if (unavailable) console.warn(unavailable);

describe.skipIf(unavailable)('storage on PostgreSQL', () => {
  const database = postgresDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('is migrated by `npm run db:migrate` with DATABASE_URL, without printing the URL', async () => {
    const run = await runNode(['lib/cli/db-migrate.ts'], { env: { DATABASE_URL: database.url ?? '' } });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('PostgreSQL (DATABASE_URL): the schema is up to date.');
    expect(run.stdout).not.toContain(database.url);
  }, 60_000);

  describeMigrations();
  describeOperators();
});
