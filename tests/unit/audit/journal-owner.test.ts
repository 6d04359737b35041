// lib/audit/journal-owner.sql on a real PostgreSQL: the app's role, which ran the migrations, still
// appends to the journal and checks its chain, and can no longer change, delete, drop or turn off
// anything that guards it; the journal's own role purges it.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode } from '../db/run-node';
import { ADMIN_DATABASE_URL, postgresUnavailable } from '../db/test-database';

const unavailable = await postgresUnavailable();
if (unavailable) console.warn(unavailable);
const suffix = randomBytes(4).toString('hex');
const APP = `journal_app_${suffix}`;
const JOURNAL = `journal_keeper_${suffix}`;
const DATABASE = `journal_owner_${suffix}`;
/** The test's database as `user` (the superuser of ADMIN_DATABASE_URL when none). */
const urlOf = (user?: string) => {
  const url = new URL(ADMIN_DATABASE_URL);
  if (user) url.username = user;
  url.pathname = `/${DATABASE}`;
  return url.toString();
};

/** `admin`: the server's own database as the superuser; `superuser`: the test's database so. */
async function as<T>(user: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = user === 'admin' ? ADMIN_DATABASE_URL : user === 'superuser' ? urlOf() : urlOf(user);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(unavailable)('the journal handed to a role of its own', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    await as('admin', async (admin) => {
      await admin.query(`create role ${APP} login`);
      await admin.query(`create database ${DATABASE} owner ${APP}`);
    });
    const migrate = await runNode(['lib/cli/db-migrate.ts'], { env: { DATABASE_URL: urlOf(APP) } });
    expect(migrate.code, migrate.stderr).toBe(0);
    execFileSync('psql', ['-X', '-q', '-v', `app=${APP}`, '-v', `journal=${JOURNAL}`, '-f', 'lib/audit/journal-owner.sql', urlOf()]);
  });

  afterAll(async () => {
    await as('admin', async (admin) => {
      await admin.query(`drop database if exists ${DATABASE} with (force)`);
      await admin.query(`drop role if exists ${APP}`);
      await admin.query(`drop role if exists ${JOURNAL}`);
    });
  });

  it('lets the app append and read, and refuses it every change, delete, drop and trigger switch', async () => {
    await as(APP, async (app) => {
      await app.query(`insert into audit_log (action, target) values ('sign_in', 'person:1'), ('stage_changed', 'person:2')`);
      const { rows } = await app.query<{ seq: string }>('select seq::text from audit_log order by seq');
      expect(rows.map((row) => row.seq)).toEqual(['1', '2']);
      for (const statement of [
        `update audit_log set target = 'person:9'`,
        'delete from audit_log',
        `select set_config('audit.purge', 'on', false); delete from audit_log`,
        'truncate audit_log',
        'update audit_chain set head_seq = 0',
        'alter table audit_log disable trigger audit_log_append_only',
        'drop trigger audit_log_chain on audit_log',
        'drop function audit_log_chain() cascade',
        'drop table audit_log',
        'alter table audit_log owner to current_user',
        `select audit_log_purge(now() + interval '1 day')`,
      ]) {
        await expect(app.query(statement), statement).rejects.toThrow(/permission denied|must be owner/);
      }
    });
  });

  it('leaves the chain whole for `npm run audit:verify` as the app, and the purge to the journal’s role', async () => {
    const verify = await runNode(['lib/cli/audit-verify.ts'], { env: { DATABASE_URL: urlOf(APP) } });
    expect(verify.stdout, verify.stderr).toMatch(/chain is whole: 2 entries checked/);
    const purged = await as('superuser', async (admin) => {
      await admin.query(`set role ${JOURNAL}`);
      return (await admin.query<{ n: string }>(`select audit_log_purge(now() + interval '1 day')::text as n`)).rows[0]!.n;
    });
    expect(purged).toBe('2');
    await as(APP, (app) => app.query(`insert into audit_log (action) values ('sign_in')`));
    const after = await runNode(['lib/cli/audit-verify.ts'], { env: { DATABASE_URL: urlOf(APP) } });
    expect(after.stdout, after.stderr).toMatch(/chain is whole: 1 entries checked \(places 3–3, after the purge anchor at place 2\)/);
  });
});
