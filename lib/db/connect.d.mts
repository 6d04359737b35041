import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';

export type SqlExecutor = {
  query: <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<{ rows: Row[] }>;
  exec: (sql: string) => Promise<unknown>;
};

export type SqlHandle = SqlExecutor & {
  transaction: <T>(fn: (tx: SqlExecutor) => Promise<T>) => Promise<T>;
};

export type DatabaseHandle = SqlHandle & {
  close: () => Promise<void>;
  /** Versions applied while opening, in order; empty when the schema was current. */
  appliedMigrations: string[];
} & ({ driver: 'pglite'; client: PGlite } | { driver: 'pg'; client: Pool });

export type DatabaseConfig = { databaseUrl?: string; dataDir: string };

export declare function readDatabaseConfig(env: Record<string, string | undefined>): DatabaseConfig;

export declare function openDatabase(
  options: DatabaseConfig & { migrationsDir?: string },
): Promise<DatabaseHandle>;
