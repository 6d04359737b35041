import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './connect';

/** Read from the working directory: Next bundles this module, so its own URL is no guide. */
export const MIGRATIONS_FOLDER = path.resolve(/*turbopackIgnore: true*/ process.cwd(), 'lib/db/migrations');

// Serialises instances that start together against one PostgreSQL server.
const MIGRATION_LOCK_KEY = 7_426_103_515;

/**
 * What the hand-written SQL migrations of the first releases recorded in `schema_migrations`.
 * A database holding exactly these has the tables of the Drizzle baseline (0000_baseline, made
 * identical to them, constraint and index names included): the baseline is recorded as applied.
 */
export const LEGACY_VERSIONS = ['0001_init', '0002_leads'];

type AnyDb = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

async function rowsOf<T>(db: AnyDb, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function appliedCount(db: AnyDb): Promise<number> {
  const [table] = await rowsOf<{ present: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return 0;
  const [row] = await rowsOf<{ n: number | string }>(db, sql`select count(*) as n from drizzle.__drizzle_migrations`);
  return Number(row?.n ?? 0);
}

/**
 * Records the baseline as applied on a database created by the legacy SQL files; returns
 * whether it did. Refuses a legacy database in any other state rather than guess.
 */
async function adoptLegacyDatabase(db: AnyDb, baseline: MigrationMeta): Promise<boolean> {
  const [legacy] = await rowsOf<{ present: boolean }>(db, sql`select to_regclass('schema_migrations') is not null as present`);
  if (!legacy?.present || (await appliedCount(db)) > 0) return false;
  const versions = (await rowsOf<{ version: string }>(db, sql`select version from schema_migrations order by version`)).map((row) => row.version);
  if (versions.join() !== LEGACY_VERSIONS.join()) {
    throw new Error(
      `This database was migrated by an older release to [${versions.join(', ')}]; this release upgrades ` +
        `only from [${LEGACY_VERSIONS.join(', ')}]. Run the previous release's "npm run db:migrate" first.`,
    );
  }
  await db.transaction(async (tx) => {
    // The table Drizzle's migrator creates and reads (drizzle-orm pg-core dialect).
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
    await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${baseline.hash}, ${baseline.folderMillis})`);
  });
  return true;
}

/** The journal's tags, in the order readMigrationFiles returns the migrations. */
function journalTags(migrationsFolder: string): string[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.map((entry) => entry.tag);
}

async function migrateWith(db: AnyDb, run: () => Promise<void>, migrationsFolder: string): Promise<{ applied: string[]; adoptedLegacy: boolean }> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const adoptedLegacy = migrations[0] ? await adoptLegacyDatabase(db, migrations[0]) : false;
  const before = await appliedCount(db);
  await run();
  const after = await appliedCount(db);
  return { applied: journalTags(migrationsFolder).slice(before, after), adoptedLegacy };
}

/**
 * Applies the pending migrations with Drizzle's own migrator, after recognising a database made
 * by the legacy SQL files. Returns the tags applied now (in order).
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  { migrationsFolder = MIGRATIONS_FOLDER }: { migrationsFolder?: string } = {},
): Promise<{ applied: string[]; adoptedLegacy: boolean }> {
  if (handle.driver === 'pglite') {
    const db = handle.db as PgliteDatabase<Record<string, unknown>> & AnyDb;
    return migrateWith(db, () => migratePglite(db, { migrationsFolder }), migrationsFolder);
  }
  const connection = await handle.client.connect();
  let broken: Error | undefined;
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const db = drizzleNodePg({ client: connection });
    return await migrateWith(db as unknown as AnyDb, () => migrateNodePg(db, { migrationsFolder }), migrationsFolder);
  } finally {
    await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch((error: Error) => {
      broken = error;
    });
    // A connection that cannot even unlock is discarded, not reused.
    connection.release(broken);
  }
}
