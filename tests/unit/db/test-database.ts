import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '@/lib/config';
import { closeDb, getDbHandle } from '@/lib/db/client';
import { prepareDatabase } from '@/lib/startup';

export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
export const START_OPERATOR = { email: 'Start.Operator@Example.com', password: 'start-password-42' };
export const OPEN_TIMEOUT_MS = 120_000;

export type TestDatabase = {
  name: string;
  url?: string;
  dataDir?: string;
  setUp: () => Promise<void>;
  tearDown: () => Promise<void>;
};

/** Opens the process's database as the server's start-up does, with START_OPERATOR configured. */
function startDatabase(database: DatabaseConfig) {
  return prepareDatabase({ database, operator: START_OPERATOR });
}

/** Raw SQL for assertions and fixtures: the application itself goes through Drizzle. */
export async function query<Row = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> {
  const handle = await getDbHandle();
  const result = handle.driver === 'pglite' ? await handle.client.query<Row>(text, params) : await handle.client.query(text, params);
  return result.rows as Row[];
}

/** A PGlite database in a fresh temporary DATA_DIR, opened as at start-up. */
export function pgliteDatabase(): TestDatabase {
  const database: TestDatabase = {
    name: 'PGlite',
    async setUp() {
      database.dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'chat-pglite-')), 'nested', 'data');
      // A copy of the run's migrated template (tests/unit/global-setup.ts), when there is one.
      const template = process.env.UNIT_PGLITE_TEMPLATE;
      if (template) cpSync(template, database.dataDir, { recursive: true });
      await startDatabase({ dataDir: database.dataDir, databaseUrl: undefined });
    },
    async tearDown() {
      await closeDb();
      if (database.dataDir) rmSync(path.dirname(path.dirname(database.dataDir)), { recursive: true, force: true });
    },
  };
  return database;
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Why PostgreSQL tests cannot run, or undefined when the server answers. Under CI (`CI=true`)
 * PostgreSQL is part of what the suite checks: its absence fails the file instead of skipping it.
 */
export async function postgresUnavailable(): Promise<string | undefined> {
  try {
    await withAdmin((client) => client.query('select 1'));
    return undefined;
  } catch (error) {
    const reason = `PostgreSQL unreachable at ${ADMIN_DATABASE_URL} (${(error as Error).message})`;
    if (process.env.CI) throw new Error(`${reason}: under CI the PostgreSQL tests fail instead of skipping`);
    return `${reason}: skipping the PostgreSQL tests`;
  }
}

/** A database of its own on the test server, so parallel runs never meet; dropped at the end. */
export function postgresDatabase(): TestDatabase {
  const name = `chat_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    name: 'PostgreSQL',
    url: url.toString(),
    async setUp() {
      await withAdmin((client) => client.query(`create database ${name}`));
      await startDatabase({ dataDir: path.join(tmpdir(), 'unused-data-dir'), databaseUrl: url.toString() });
    },
    async tearDown() {
      await closeDb();
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
