import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseConfig } from '@/lib/config';

const { hashPassword } = await import('@/lib/auth/password');
const { createOperatorSession, verifyOperatorLogin } = await import('@/lib/auth/operators');
const { createChatSession, listMessagesSince, saveMessage } = await import('@/lib/chat/queries');
const { closeDb } = await import('@/lib/db/client');
const { openDatabase } = await import('@/lib/db/connect');
const { migrateDatabase, LEGACY_VERSIONS } = await import('@/lib/db/migrate');
const { prepareDatabase } = await import('@/lib/startup');
const { ADMIN_DATABASE_URL, OPEN_TIMEOUT_MS, postgresUnavailable } = await import('./test-database');

// A database created by the releases before Drizzle's migrator: today's 0001_init + 0002_leads,
// applied by the former runner (schema_migrations), must open with every row intact.

const LEGACY_DIR = path.join(import.meta.dirname, 'fixtures/legacy-migrations');
const OPERATOR = { email: 'legacy.operator@example.com', password: 'legacy-password-42' };

type Sql = { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

/** What the former runner (lib/db/run-migrations.mjs) did, file by file. */
async function applyLegacyMigrations(client: Sql, versions = LEGACY_VERSIONS) {
  await client.query('create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())');
  for (const file of readdirSync(LEGACY_DIR).sort()) {
    const version = file.replace(/\.sql$/, '');
    if (!versions.includes(version)) continue;
    await client.query(readFileSync(path.join(LEGACY_DIR, file), 'utf8'));
    await client.query('insert into schema_migrations (version) values ($1)', [version]);
  }
}

async function insertRows(client: Sql) {
  const token = (n: number) => String(n).repeat(64);
  await client.query(
    `insert into chat_sessions (id, token_hash, locale, start_page, visitor_email, last_message_at, visitor_last_read_id)
    values ('legacy_a', $1, 'fr', '/fr/contact', 'claire@example.com', now() - interval '1 day', 2), ('legacy_b', $2, 'de', '/de', null, null, 0)`,
    [token(1), token(2)],
  );
  await client.query(`insert into messages (session_id, sender, content) values
    ('legacy_a', 'visitor', 'Bonjour, une question'), ('legacy_a', 'operator', 'Oui ?'), ('legacy_a', 'visitor', 'Le permis…')`);
  const { rows } = await client.query('insert into operators (email, password_hash) values ($1, $2) returning id', [
    OPERATOR.email,
    await hashPassword(OPERATOR.password),
  ]);
  await client.query(`insert into operator_sessions (id, operator_id, expires_at) values ($1, $2, now() + interval '1 hour')`, ['f'.repeat(64), rows[0]!.id]);
  await client.query(`insert into leads (source, name, email, phone, message, locale, details, consent_at) values
    ('contact', 'Claire', 'claire@example.com', '+33 6 00 00 00 00', 'Rappelez-moi', 'fr', null, now()),
    ('visa', 'Hans', 'hans@example.com', null, 'Ergebnis', 'de', '{"permit":"premium-visa","answers":{"age":42}}', now())`);
}

const TABLES = ['chat_sessions', 'messages', 'operators', 'operator_sessions', 'leads'];

/** Columns later migrations add, with the value an upgraded row gets (the generated search vectors are left out of the dumps). */
const ADDED_COLUMNS: Record<string, Record<string, unknown>> = {
  // Migration 0014 hides the lock-screen text for every operator; roles_audit_chain makes the operators of before roles admins.
  operators: {
    disabled_at: null,
    push_hide_text: true,
    totp_secret: null,
    totp_enabled_at: null,
    totp_last_step: 0,
    password_changed_at: null,
    role: 'admin',
    invitation_hash: null,
    invitation_expires_at: null,
  },
  operator_sessions: { second_factor_at: null, user_agent: null, address: null, challenge: null, factor_failures: 0, challenge_expires_at: null },
  messages: { client_id: null, kind: 'text' },
  chat_sessions: {
    visitor_email_verified: false,
    visitor_email_replies: false,
    visitor_emailed_through_id: 0,
    status: 'open',
    snoozed_until: null,
    operator_pushed_through_id: 0,
  },
};
type Row = Record<string, unknown>;
/** Migration 0008 computes each conversation's wait for an answer: the first visitor message after the last operator one. */
function waitingSince(dump: Record<string, unknown[]>, sessionId: unknown) {
  const messages = (dump.messages as Row[]).filter((message) => message.session_id === sessionId);
  const lastAnswer = Math.max(0, ...messages.filter((message) => message.sender === 'operator').map((message) => Number(message.id)));
  return messages.find((message) => message.sender === 'visitor' && Number(message.id) > lastAnswer)?.created_at ?? null;
}
const withAddedColumns = (dump: Record<string, unknown[]>) =>
  Object.fromEntries(
    Object.entries(dump).map(([table, rows]) => [
      table,
      (rows as Row[]).map((row) => ({ ...row, ...ADDED_COLUMNS[table], ...(table === 'chat_sessions' ? { waiting_since: waitingSince(dump, row.id) } : {}) })),
    ]),
  );

async function dumpRows(client: Sql) {
  const dump: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    // person_id (migration 0009) is checked on its own: expectPeopleBackfilled. An operator's grace
    // period, a session's last request (0011) and its last proof (0016) start when the upgrade runs: now().
    dump[table] = (
      await client.query(`select to_jsonb(t) - 'search' - 'person_id' - 'mfa_grace_from' - 'last_seen_at' - 'verified_at' as row from ${table} t order by id`)
    ).rows.map((row) => row.row);
  }
  return dump;
}

/** Tables, columns, constraints and indexes, as PostgreSQL itself describes them. */
async function dumpSchema(client: Sql) {
  const columns = await client.query(`select table_name, column_name, data_type, is_nullable, column_default, is_identity, identity_generation
    from information_schema.columns where table_schema = 'public' and table_name <> 'schema_migrations' order by table_name, ordinal_position`);
  const constraints = await client.query(`select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as definition
    from pg_constraint where connamespace = 'public'::regnamespace and conrelid::regclass::text <> 'schema_migrations' order by 1, 2`);
  const indexes = await client.query(`select tablename, indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename <> 'schema_migrations' order by 1, 2`);
  return { columns: columns.rows, constraints: constraints.rows, indexes: indexes.rows };
}

/** The schema a fresh database gets from the committed Drizzle migrations. */
async function freshSchema(database: DatabaseConfig) {
  const handle = await openDatabase(database);
  try {
    await migrateDatabase(handle);
    return await dumpSchema(handle.client as unknown as Sql);
  } finally {
    await handle.close();
  }
}

/**
 * Migration 0009 stores the people the console computed: Claire's conversation and request (one
 * address) are one person, Hans and the conversation without an address one each.
 */
async function expectPeopleBackfilled(client: Sql) {
  const { rows } = await client.query(`select
      (select person_id from chat_sessions where id = 'legacy_a') = (select person_id from leads where email = 'claire@example.com') as claire_is_one,
      (select count(distinct person_id)::int from (select person_id from chat_sessions union all select person_id from leads) p) as people,
      (select count(*)::int from people) as stored,
      (select p.email from people p join leads l on l.person_id = p.id where l.email = 'hans@example.com') as hans`);
  expect(rows[0]).toEqual({ claire_is_one: true, people: 3, stored: 3, hans: 'hans@example.com' });
}

/** Opens the legacy database as the new server's start-up does, and checks every row and the schema. */
async function expectUpgradeWithoutLoss({
  database,
  before,
  expectedSchema,
}: {
  database: DatabaseConfig;
  before: Record<string, unknown[]>;
  expectedSchema: unknown;
}) {
  const log = vi.spyOn(console, 'info').mockImplementation(() => {});
  try {
    const { applied } = await prepareDatabase({ database, operator: undefined });
    // The baseline was recognised as applied, not run again (it would fail on existing tables).
    expect(applied).not.toContain('0000_baseline');
  } finally {
    log.mockRestore();
  }
  const { getDbHandle } = await import('@/lib/db/client');
  const handle = await getDbHandle();
  const client = handle.client as unknown as Sql;
  expect(await dumpRows(client)).toEqual(withAddedColumns(before));
  expect(await dumpSchema(client)).toEqual(expectedSchema);
  await expectPeopleBackfilled(client);
  const recorded = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
  expect(recorded.rows[0]?.n).toBeGreaterThanOrEqual(1);

  // The application reads and writes it as before: login, sessions, new ids after the old ones.
  expect(await verifyOperatorLogin(OPERATOR)).toMatchObject({ email: OPERATOR.email });
  const operator = await verifyOperatorLogin(OPERATOR);
  await createOperatorSession({ operatorId: operator!.id });
  const chat = await createChatSession({ locale: 'fr', startPage: '/fr' });
  const message = await saveMessage({ sessionId: chat.id, sender: 'visitor', content: 'après la mise à jour' });
  const maxOld = Math.max(...(before.messages as { id: number }[]).map((row) => Number(row.id)));
  expect(message.id).toBeGreaterThan(maxOld);
  expect((await listMessagesSince({ afterId: 0 })).map((row) => row.content)).toContain('Le permis…');
}

describe('upgrade of a legacy PGlite data folder', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'legacy-pglite-'));
  afterAll(async () => {
    await closeDb();
    rmSync(root, { recursive: true, force: true });
  }, OPEN_TIMEOUT_MS);

  it(
    'keeps every session, message, operator and lead, with the schema a fresh database gets',
    async () => {
      const dataDir = path.join(root, 'data');
      mkdirSync(dataDir, { recursive: true });
      const legacy = await PGlite.create(path.join(dataDir, 'pglite'));
      await applyLegacyMigrations({ query: async (text, params) => (params ? legacy.query(text, params) : (await legacy.exec(text)).at(-1)!) as never });
      await insertRows(legacy as unknown as Sql);
      const before = await dumpRows(legacy as unknown as Sql);
      await legacy.close();
      expect(before.messages).toHaveLength(3);

      const expectedSchema = await freshSchema({ dataDir: path.join(root, 'fresh'), databaseUrl: undefined });
      await expectUpgradeWithoutLoss({ database: { dataDir, databaseUrl: undefined }, before, expectedSchema });
    },
    OPEN_TIMEOUT_MS * 2,
  );
});

const unavailable = await postgresUnavailable();

describe.skipIf(unavailable)('upgrade of a legacy PostgreSQL database', () => {
  const created: string[] = [];
  const admin = async <T>(fn: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  const newDatabase = async () => {
    const name = `legacy_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin((client) => client.query(`create database ${name}`));
    created.push(name);
    const url = new URL(ADMIN_DATABASE_URL);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const withClient = async <T>(url: string, fn: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };

  afterAll(async () => {
    await closeDb();
    for (const name of created) await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  });

  it(
    'keeps every session, message, operator and lead, with the schema a fresh database gets',
    async () => {
      const url = await newDatabase();
      const before = await withClient(url, async (client) => {
        await applyLegacyMigrations(client);
        await insertRows(client);
        return dumpRows(client);
      });
      const expectedSchema = await freshSchema({ databaseUrl: await newDatabase(), dataDir: tmpdir() });
      await expectUpgradeWithoutLoss({ database: { databaseUrl: url, dataDir: tmpdir() }, before, expectedSchema });
      await closeDb();
    },
    OPEN_TIMEOUT_MS,
  );

  it(
    'refuses a legacy database in another state rather than guess',
    async () => {
      const url = await newDatabase();
      await withClient(url, (client) => applyLegacyMigrations(client, ['0001_init']));
      await expect(prepareDatabase({ database: { databaseUrl: url, dataDir: tmpdir() }, operator: undefined })).rejects.toThrow(
        /migrated by an older release to \[0001_init\]/,
      );
    },
    OPEN_TIMEOUT_MS,
  );
});
