import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/lib/db/connect';

const { openDatabase } = await import('@/lib/db/connect');
const { migrateDatabase, MIGRATIONS_FOLDER } = await import('@/lib/db/migrate');
const { OPEN_TIMEOUT_MS } = await import('./test-database');

// Migration 0009 stores the people the console computed from addresses, conversations and the
// console's records, the operators' merges included (chains too). A database at 0008 is filled as
// the console left it, then migrated.

const root = mkdtempSync(path.join(tmpdir(), 'people-backfill-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The committed migrations up to `lastTag`, journal included. */
function migrationsUpTo(lastTag: string) {
  const dir = path.join(root, 'migrations');
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === lastTag) + 1);
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return dir;
}

describe('migration 0009 (people stored)', () => {
  it(
    'keeps every grouping and merge the console showed',
    async () => {
      const handle: DatabaseHandle = await openDatabase({ dataDir: path.join(root, 'data'), databaseUrl: undefined });
      const sql = async <Row = Record<string, unknown>>(text: string) =>
        (handle.driver === 'pglite' ? await handle.client.query(text) : await handle.client.query(text)).rows as Row[];
      try {
        await migrateDatabase(handle, { migrationsFolder: migrationsUpTo('0008_waiting_since') });
        const token = (n: number) => `'${String(n).repeat(64)}'`;
        await sql(`insert into chat_sessions (id, token_hash, locale, start_page, visitor_email, last_message_at) values
          ('s_claire', ${token(1)}, 'fr', '/fr', 'Claire@example.com', now()),
          ('s_anon', ${token(2)}, 'de', '/de', null, now()),
          ('s_chain', ${token(3)}, 'en', '/en', null, now()),
          ('s_late', ${token(4)}, 'it', '/it', 'late@example.com', now())`);
        await sql(`insert into leads (source, name, email, message, locale, consent_at) values
          ('contact', 'Claire', 'claire@example.com', 'Bonjour', 'fr', now()), ('visa', 'paul', 'paul@example.com', 'Résultat', 'fr', now())`);
        // s_anon merged into Claire, Paul into s_chain, s_chain into Claire (a chain), a record of
        // s_late from before it had an address, and one of an address with no row left.
        await sql(`insert into person_records (key, stage, merged_into) values
          ('email:claire@example.com', 'client', null), ('chat:s_anon', 'new', 'email:claire@example.com'),
          ('email:paul@example.com', 'new', 'chat:s_chain'), ('chat:s_chain', 'qualified', 'email:claire@example.com'),
          ('chat:s_late', 'new', null), ('email:late@example.com', 'lost', null), ('email:gone@example.com', 'new', null)`);
        await sql(`insert into person_events (person_key, kind, body, operator_email) values ('chat:s_late', 'note', 'avant l''adresse', 'op@example.com')`);

        await migrateDatabase(handle);

        const person = async (where: string) => Number((await sql<{ id: number }>(`select person_id as id from ${where}`))[0]?.id);
        const claire = await person(`chat_sessions where id = 's_claire'`);
        expect(await person(`leads where email = 'claire@example.com'`)).toBe(claire);
        const rootOf = async (id: number) => (await sql<{ root: number | null }>(`select coalesce(root_id, id) as root from people where id = ${id}`))[0]?.root;
        for (const id of ['s_anon', 's_chain']) expect(Number(await rootOf(await person(`chat_sessions where id = '${id}'`)))).toBe(claire);
        expect(Number(await rootOf(await person(`leads where email = 'paul@example.com'`)))).toBe(claire);
        expect(await sql(`select stage from person_records where person_id = ${claire}`)).toEqual([{ stage: 'client' }]);
        // The conversation's older record keeps its note, on a person merged into the conversation's.
        const late = await person(`chat_sessions where id = 's_late'`);
        const older = await person(`person_records where key = 'chat:s_late'`);
        expect(older).not.toBe(late);
        expect(Number(await rootOf(older))).toBe(late);
        expect(await sql(`select stage from person_records where person_id = ${late}`)).toEqual([{ stage: 'lost' }]);
        expect(await sql(`select count(*)::int as n from person_records where person_id is null`)).toEqual([{ n: 0 }]);
        expect(await sql(`select email from people where id = ${await person(`person_records where key = 'email:gone@example.com'`)}`)).toEqual([
          { email: 'gone@example.com' },
        ]);
      } finally {
        await handle.close();
      }
    },
    OPEN_TIMEOUT_MS * 2,
  );
});
