import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Pool } from 'pg';
import type { DatabaseConfig } from '@/lib/config';
import { acquireDataDirLock } from './data-dir-lock';
import { startPglite } from './pglite';
import * as schema from './schema';
import { describeError } from '@/lib/log/describe-error';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = { db: Db; close: () => Promise<void> } & (
  { driver: 'pglite'; client: PGlite } | { driver: 'pg'; client: Pool; databaseUrl: string }
);

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  // PGlite creates its own folder but not the parents.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = acquireDataDirLock({ dataDir });
  try {
    const client = await startPglite(path.join(dataDir, 'pglite'));
    return {
      driver: 'pglite',
      client,
      db: drizzlePglite({ client, schema }),
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

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const client = new pg.Pool({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  // An idle client losing its server must not crash the process; the next query reconnects.
  client.on('error', (error) => console.error(`PostgreSQL pool error: ${describeError(error)}`));
  return { driver: 'pg', client, databaseUrl, db: drizzleNodePg({ client, schema }), close: () => client.end() };
}

/**
 * Opens PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir`, locked to this process
 * (DataDirLockedError when another live process holds it). Migrations are lib/db/migrate.ts's job.
 */
export async function openDatabase({ databaseUrl, dataDir }: DatabaseConfig): Promise<DatabaseHandle> {
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(dataDir);
}

/** For logs: never prints DATABASE_URL, which may carry a password. */
export function describeDatabase({ databaseUrl, dataDir }: DatabaseConfig): string {
  return databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
}
