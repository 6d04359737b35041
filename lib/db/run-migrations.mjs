import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Serialises instances that start together against one PostgreSQL server.
const MIGRATION_LOCK_KEY = 7_426_103_515;
const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;

/** Read from the working directory: Next bundles this module, so its own URL is no guide. */
export const DEFAULT_MIGRATIONS_DIR = path.resolve(process.cwd(), 'lib/db/migrations');

/** @param {string} migrationsDir */
export function listMigrations(migrationsDir) {
  return readdirSync(migrationsDir)
    .filter((name) => MIGRATION_FILE.test(name))
    .sort()
    .map((name) => ({
      version: name.replace(/\.sql$/, ''),
      sql: readFileSync(path.join(migrationsDir, name), 'utf8'),
    }));
}

/**
 * @param {import('./connect.mjs').SqlExecutor} tx
 * @param {string} version
 */
async function isApplied(tx, version) {
  const { rows } = await tx.query('select 1 from schema_migrations where version = $1', [version]);
  return rows.length > 0;
}

/**
 * Applies the pending migrations in order, each in its own transaction, and returns the
 * versions it applied.
 * @param {{ handle: import('./connect.mjs').SqlHandle, migrationsDir?: string }} options
 */
export async function runMigrations({ handle, migrationsDir = DEFAULT_MIGRATIONS_DIR }) {
  const migrations = listMigrations(migrationsDir);
  await handle.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(
      `create table if not exists schema_migrations (
         version text primary key,
         applied_at timestamptz not null default now()
       )`,
    );
  });
  /** @type {string[]} */
  const applied = [];
  for (const { version, sql } of migrations) {
    const done = await handle.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      if (await isApplied(tx, version)) return false;
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (version) values ($1)', [version]);
      return true;
    });
    if (done) applied.push(version);
  }
  return applied;
}
