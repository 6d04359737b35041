import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { acquireDataDirLock } from './data-dir-lock.mjs';
import { runMigrations } from './run-migrations.mjs';

// Types: connect.d.mts.

/** @param {Record<string, string | undefined>} env */
export function readDatabaseConfig(env) {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const dataDir = path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR?.trim() || 'data');
  return { databaseUrl, dataDir };
}

/** @param {string} dataDir */
async function openPglite(dataDir) {
  // PGlite creates its own folder but not the parents.
  mkdirSync(dataDir, { recursive: true });
  const lock = acquireDataDirLock({ dataDir });
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create(path.join(dataDir, 'pglite'));
    const executor = (target) => ({
      query: (text, params) => target.query(text, params),
      exec: (sql) => target.exec(sql),
    });
    return {
      driver: 'pglite',
      client,
      ...executor(client),
      transaction: (fn) => client.transaction((tx) => fn(executor(tx))),
      close: async () => {
        try {
          await client.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** @param {string} databaseUrl */
async function openPostgres(databaseUrl) {
  const { default: pg } = await import('pg');
  const client = new pg.Pool({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  // An idle client losing its server must not crash the process; the next query reconnects.
  client.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const executor = (target) => ({
    query: (text, params) => target.query(text, params),
    exec: (sql) => target.query(sql),
  });
  return {
    driver: 'pg',
    client,
    ...executor(client),
    transaction: async (fn) => {
      const connection = await client.connect();
      let broken;
      try {
        await connection.query('begin');
        const result = await fn(executor(connection));
        await connection.query('commit');
        return result;
      } catch (error) {
        await connection.query('rollback').catch((rollbackError) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        // A connection that cannot even roll back is discarded, not reused.
        connection.release(broken);
      }
    },
    close: () => client.end(),
  };
}

/**
 * Opens PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir` (locked to this
 * process), then applies the pending migrations.
 * @param {{ databaseUrl?: string, dataDir: string, migrationsDir?: string }} options
 */
export async function openDatabase({ databaseUrl, dataDir, migrationsDir }) {
  const handle = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(dataDir);
  try {
    const appliedMigrations = await runMigrations({ handle, migrationsDir });
    return { ...handle, appliedMigrations };
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}
