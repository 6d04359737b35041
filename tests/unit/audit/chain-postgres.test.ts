import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runNode } from '../db/run-node';
import { OPEN_TIMEOUT_MS, postgresDatabase, postgresUnavailable, query } from '../db/test-database';

vi.mock('server-only', () => ({}));

const unavailable = await postgresUnavailable();
if (unavailable) console.warn(unavailable);
const { describeChain } = await import('./chain-suite');
const { verifyAuditChain } = await import('@/lib/audit/chain');

describe.skipIf(unavailable)('the journal chain on PostgreSQL', () => {
  const database = postgresDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('chains inserts made at once from many connections one after the other: no two on the same head', async () => {
    const clients = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        return client;
      }),
    );
    try {
      await Promise.all(
        clients.flatMap((client, c) =>
          Array.from({ length: 10 }, (_, n) => client.query(`insert into audit_log (action, target) values ('sign_in', $1)`, [`person:${6000 + c * 10 + n}`])),
        ),
      );
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
    const [{ n, places }] = (await query<{ n: string; places: string }>(
      `select count(*)::text as n, count(distinct seq)::text as places from audit_log where target like 'person:6%'`,
    )) as [{ n: string; places: string }];
    expect([n, places]).toEqual(['80', '80']);
    expect((await verifyAuditChain()).problems).toEqual([]);
  });

  it('`npm run audit:verify` says the chain is whole, then names the entry changed in the database (exit code 1)', async () => {
    const env = { DATABASE_URL: database.url!, DATA_DIR: '/nonexistent-audit-verify' };
    const whole = await runNode(['lib/cli/audit-verify.ts'], { env });
    expect(whole.code, whole.stderr).toBe(0);
    expect(whole.stdout).toMatch(/The journal's chain is whole: \d+ entries checked/);
    const [{ id }] = (await query<{ id: string }>(`select id::text from audit_log where target = 'person:6042'`)) as [{ id: string }];
    await query('alter table audit_log disable trigger audit_log_append_only');
    await query(`update audit_log set address = '10.0.0.1' where id = $1`, [id]);
    await query('alter table audit_log enable trigger audit_log_append_only');
    const broken = await runNode(['lib/cli/audit-verify.ts'], { env });
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(`- entry ${id} (place`);
    expect(broken.stdout).toContain('changed: its content no longer gives its digest');
    await query('alter table audit_log disable trigger audit_log_append_only');
    await query(`update audit_log set address = null where id = $1`, [id]);
    await query('alter table audit_log enable trigger audit_log_append_only');
  }, 60_000);

  describeChain();
});
