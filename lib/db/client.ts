import 'server-only';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { ensureOperatorFromEnv } from '@/lib/auth/operator-accounts.mjs';
import { openDatabase, readDatabaseConfig, type DatabaseHandle } from './connect.mjs';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type { DatabaseHandle };

type Database = { db: Db; handle: DatabaseHandle };

// On globalThis: Next may evaluate this module once per bundle layer and again on every dev
// reload, and a second PGlite in the same process would corrupt DATA_DIR.
const OPENING = Symbol.for('maurice-expat.database');
type Holder = { [OPENING]?: Promise<Database> };
const holder = globalThis as Holder;

async function open(): Promise<Database> {
  const handle = await openDatabase(readDatabaseConfig(process.env));
  if (handle.appliedMigrations.length > 0) {
    console.info(`Database migrations applied: ${handle.appliedMigrations.join(', ')}`);
  }
  try {
    const outcome = await ensureOperatorFromEnv(handle, process.env);
    if (outcome === 'created') console.info('First operator created from OPERATOR_EMAIL.');
  } catch (error) {
    // Visitors must still be served; the log says why nobody can log in.
    console.error(`OPERATOR_EMAIL/OPERATOR_PASSWORD ignored: ${(error as Error).message}`);
  }
  // Imported late: the retention job itself reads the database through this module.
  void import('@/lib/privacy/retention').then(({ scheduleDailyPurge }) => scheduleDailyPurge());
  const db: Db =
    handle.driver === 'pglite'
      ? drizzlePglite({ client: handle.client, schema })
      : drizzleNodePg({ client: handle.client, schema });
  return { db, handle };
}

/**
 * Opens the database once per process (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL) and
 * applies pending migrations. A failed open is retried by the next call.
 */
export function getDatabase(): Promise<Database> {
  holder[OPENING] ??= open().catch((error: unknown) => {
    holder[OPENING] = undefined;
    throw error;
  });
  return holder[OPENING];
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Raw driver access, for what Drizzle doesn't cover (LISTEN/NOTIFY, imports). */
export async function getDbHandle(): Promise<DatabaseHandle> {
  return (await getDatabase()).handle;
}

export async function closeDb(): Promise<void> {
  const opening = holder[OPENING];
  holder[OPENING] = undefined;
  const database = await opening?.catch(() => undefined);
  await database?.handle.close();
}
