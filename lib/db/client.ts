import 'server-only';
import { sql } from 'drizzle-orm';
import { config, type DatabaseConfig } from '@/lib/config';
import { openDatabase, type DatabaseHandle, type Db } from './connect';
import { migrateDatabase } from './migrate';

export type { DatabaseHandle, Db };

/** No database yet (PostgreSQL unreachable at start-up, or start-up not run): answered 503. */
export class DatabaseUnavailableError extends Error {
  constructor(reason: string) {
    super(`The database is not available: ${reason}`);
    this.name = 'DatabaseUnavailableError';
  }
}

type State = { handle?: DatabaseHandle; opening?: Promise<DatabaseHandle>; failure?: string };

// On globalThis: Next evaluates this module once per bundle layer (instrumentation, routes),
// and they must share the one database the start-up opened.
const STATE = Symbol.for('maurice-expat.database');
const state: State = ((globalThis as { [STATE]?: State })[STATE] ??= {});

/**
 * Opens the database (PGlite in DATA_DIR, locked to this process, or PostgreSQL at
 * DATABASE_URL), applies the pending migrations and makes it the process's database. Called by
 * the start-up (instrumentation.ts), the command-line scripts and the tests — never by a request.
 */
export function openAppDatabase(database: DatabaseConfig = config.database): Promise<{ handle: DatabaseHandle; applied: string[] }> {
  if (state.handle || state.opening) return Promise.reject(new Error('The database is already open in this process.'));
  let applied: string[] = [];
  const opening = (async () => {
    const handle = await openDatabase(database);
    try {
      ({ applied } = await migrateDatabase(handle));
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
    return handle;
  })();
  state.opening = opening;
  return opening.then(
    (handle) => {
      state.handle = handle;
      state.opening = undefined;
      state.failure = undefined;
      return { handle, applied };
    },
    (error: unknown) => {
      state.opening = undefined;
      state.failure = (error as Error).message;
      throw error;
    },
  );
}

export async function getDbHandle(): Promise<DatabaseHandle> {
  if (state.handle) return state.handle;
  throw new DatabaseUnavailableError(state.failure ?? 'not opened by the start-up');
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

export async function closeDb(): Promise<void> {
  const handle = state.handle ?? (await state.opening?.catch(() => undefined));
  state.handle = undefined;
  state.opening = undefined;
  await handle?.close();
}

/** For the health check: the driver, once the database answers. */
export async function pingDatabase(): Promise<DatabaseHandle['driver']> {
  const handle = await getDbHandle();
  await handle.db.execute(sql`select 1`);
  return handle.driver;
}
