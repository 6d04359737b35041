import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { describe, expect, it } from 'vitest';
import { getDbHandle } from '@/lib/db/client';
import { migrateDatabase, MIGRATIONS_FOLDER } from '@/lib/db/migrate';
import { query } from './test-database';

// Shared by the PGlite and PostgreSQL test files, which open the database first.

async function columnsOf(table: string) {
  const rows = await query<{ column_name: string }>(
    `select column_name from information_schema.columns
     where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows.map((row) => row.column_name);
}

/** A copy of the committed migrations plus one more, recorded in the journal as drizzle-kit does. */
function withExtraMigration(dir: string, tag: string, sql: string) {
  writeFileSync(path.join(dir, `${tag}.sql`), sql);
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
}

export function describeMigrations() {
  describe('migrations', () => {
    it('were applied at start-up by Drizzle’s migrator and recorded once each', async () => {
      const committed = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
      expect(committed.length).toBeGreaterThan(0);
      const rows = await query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by id');
      expect(rows.map((row) => row.hash)).toEqual(committed.map((migration) => migration.hash));
    });

    it('are idempotent', async () => {
      const handle = await getDbHandle();
      expect(await migrateDatabase(handle)).toEqual({ applied: [], adoptedLegacy: false });
      expect(await migrateDatabase(handle)).toEqual({ applied: [], adoptedLegacy: false });
      const rows = await query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(rows[0]?.n).toBe(readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length);
    });

    it('keep the prototype’s messages columns and guard the sender', async () => {
      // client_id (the widget's idempotency key), kind (text or booking card) and search (the console's search vector) came later.
      expect(await columnsOf('messages')).toEqual(['id', 'session_id', 'sender', 'content', 'created_at', 'client_id', 'kind', 'search']);
      // The second factor, the idle timeout and the Sécurité page's columns came with migration 0011, the fresh proof and the challenge's expiry with 0016.
      expect(await columnsOf('operator_sessions')).toEqual([
        'id',
        'operator_id',
        'created_at',
        'expires_at',
        'revoked_at',
        'second_factor_at',
        'last_seen_at',
        'user_agent',
        'address',
        'challenge',
        'factor_failures',
        'verified_at',
        'challenge_expires_at',
      ]);
      await query(
        `with person as (insert into people default values returning id)
        insert into chat_sessions (id, token_hash, locale, start_page, person_id) select 'session_1_import', repeat('a', 64), 'fr', '/fr', id from person`,
      );
      await expect(query(`insert into messages (session_id, sender, content) values ('session_1_import', 'robot', 'x')`)).rejects.toThrow();
      await expect(query(`insert into operators (email, password_hash) values ('Upper@Example.com', 'x')`)).rejects.toThrow();
      await expect(
        query(`insert into leads (source, name, email, message, locale, consent_at) values ('spam', 'n', 'a@b.c', 'm', 'fr', now())`),
      ).rejects.toThrow();
    });

    it('apply a new version once, and roll a failing one back entirely', async () => {
      const handle = await getDbHandle();
      const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
      try {
        cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
        withExtraMigration(dir, '9001_probe', 'create table probe (id int primary key);');
        expect(await migrateDatabase(handle, { migrationsFolder: dir })).toEqual({ applied: ['9001_probe'], adoptedLegacy: false });
        expect(await migrateDatabase(handle, { migrationsFolder: dir })).toEqual({ applied: [], adoptedLegacy: false });

        withExtraMigration(dir, '9002_broken', 'create table broken_probe (id int);\n--> statement-breakpoint\nselect 1 / 0;');
        await expect(migrateDatabase(handle, { migrationsFolder: dir })).rejects.toMatchObject({
          cause: expect.objectContaining({ message: expect.stringMatching(/division by zero/) }),
        });
        const rows = await query(
          `select (select count(*)::int from drizzle.__drizzle_migrations) as recorded,
                  to_regclass('broken_probe') is null as table_absent`,
        );
        expect(rows[0]).toEqual({ recorded: readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length + 1, table_absent: true });
      } finally {
        await query('drop table if exists probe');
        await query('delete from drizzle.__drizzle_migrations where id > $1', [readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length]);
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
