import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDbHandle } from '@/lib/db/client';
import { DEFAULT_MIGRATIONS_DIR, listMigrations, runMigrations } from '@/lib/db/run-migrations.mjs';

// Shared by the PGlite and PostgreSQL test files, which open the database first.

async function columnsOf(table: string) {
  const handle = await getDbHandle();
  const { rows } = await handle.query<{ column_name: string }>(
    `select column_name from information_schema.columns
     where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows.map((row) => row.column_name);
}

export function describeMigrations() {
  describe('migrations', () => {
    it('were applied at start-up and recorded once each', async () => {
      const handle = await getDbHandle();
      const versions = listMigrations(DEFAULT_MIGRATIONS_DIR).map((migration) => migration.version);
      expect(versions[0]).toBe('0001_init');
      const { rows } = await handle.query<{ version: string }>('select version from schema_migrations order by version');
      expect(rows.map((row) => row.version)).toEqual(versions);
    });

    it('are idempotent', async () => {
      const handle = await getDbHandle();
      expect(await runMigrations({ handle })).toEqual([]);
      expect(await runMigrations({ handle })).toEqual([]);
      const { rows } = await handle.query<{ n: number }>('select count(*)::int as n from schema_migrations');
      expect(rows[0]?.n).toBe(listMigrations(DEFAULT_MIGRATIONS_DIR).length);
    });

    it('keep the prototype’s messages columns and guard the sender', async () => {
      expect(await columnsOf('messages')).toEqual(['id', 'session_id', 'sender', 'content', 'created_at']);
      expect(await columnsOf('operator_sessions')).toEqual(['id', 'operator_id', 'created_at', 'expires_at', 'revoked_at']);
      const handle = await getDbHandle();
      await handle.query(`insert into chat_sessions (id, token_hash, locale, start_page) values ('session_1_import', repeat('a', 64), 'fr', '/fr')`);
      await expect(
        handle.query(`insert into messages (session_id, sender, content) values ('session_1_import', 'robot', 'x')`),
      ).rejects.toThrow();
      await expect(handle.query(`insert into operators (email, password_hash) values ('Upper@Example.com', 'x')`)).rejects.toThrow();
    });

    it('apply a new version once, and roll a failing one back entirely', async () => {
      const handle = await getDbHandle();
      const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
      try {
        cpSync(DEFAULT_MIGRATIONS_DIR, dir, { recursive: true });
        writeFileSync(path.join(dir, '9001_probe.sql'), 'create table probe (id int primary key);');
        expect(await runMigrations({ handle, migrationsDir: dir })).toEqual(['9001_probe']);
        expect(await runMigrations({ handle, migrationsDir: dir })).toEqual([]);

        writeFileSync(path.join(dir, '9002_broken.sql'), 'create table broken_probe (id int);\nselect 1 / 0;');
        await expect(runMigrations({ handle, migrationsDir: dir })).rejects.toThrow(/division by zero/);
        const { rows } = await handle.query(
          `select (select count(*)::int from schema_migrations where version = '9002_broken') as recorded,
                  to_regclass('broken_probe') is null as table_absent`,
        );
        expect(rows[0]).toEqual({ recorded: 0, table_absent: true });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
