// The console's benchmark data (bench:search, bench:people): 10,000 conversations, 100,000
// messages, 5,000 requests and 1,000 notes seeded into a fresh database, PGlite by default or a
// temporary PostgreSQL database (`--postgres`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const SESSIONS = 10_000;
const MESSAGES = 100_000;
const LEADS = 5_000;
const NOTES = 1_000;
const WORDS = `bonjour nous voulons nous installer à maurice avec notre famille école internationale curepipe grand baie
  permis de travail retraite visa occupation permit réunion déménagement logement location achat villa appartement
  hello we would like to move to mauritius with our children school work permit retirement
  hola queremos mudarnos a mauricio con nuestra familia escuela permiso de trabajo mudanza jubilación
  hallo wir möchten nach mauritius ziehen mit unserer familie schule arbeitserlaubnis ruhestand straße größe
  ciao vorremmo trasferirci a mauritius con la nostra famiglia scuola permesso di lavoro pensione città`
  .split(/\s+/)
  .filter(Boolean);
const NAMES = ['Claire Martin', 'Paul Durand', 'Anna Schmidt', 'Lucía García', 'Marco Rossi', 'Émile Lefèvre', 'Jürgen Groß', 'Chloé Bernard'];
const LOCALES = ['fr', 'en', 'es', 'de', 'it'];

const words = (seed: number, count: number) => Array.from({ length: count }, (_, i) => WORDS[(seed * 7919 + i * 104729) % WORDS.length]).join(' ');

async function seed(execute: (text: string, params?: unknown[]) => Promise<unknown>) {
  const started = Date.now();
  const batch = async (rows: unknown[][], insert: (values: string) => string, width: number) => {
    for (let start = 0; start < rows.length; start += 1000) {
      const chunk = rows.slice(start, start + 1000);
      const values = chunk.map((_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`).join(', ');
      await execute(insert(values), chunk.flat());
    }
  };
  // The people as migration 0009 stores them: one per address (ids 1–4,000), one per conversation without one.
  const ADDRESSES = 4000;
  const addressPerson = (k: number) => k + 1;
  const chatPerson = (i: number) => ADDRESSES + 1 + i;
  const people = [
    ...Array.from({ length: ADDRESSES }, (_, k) => [addressPerson(k), `person${k}@example.com`]),
    ...Array.from({ length: SESSIONS }, (_, i) => i)
      .filter((i) => i % 3 !== 0)
      .map((i) => [chatPerson(i), null]),
  ];
  await batch(people, (v) => `insert into people (id, email) values ${v}`, 2);
  await execute(`select setval(pg_get_serial_sequence('people', 'id'), (select max(id) from people))`);
  const sessions = Array.from({ length: SESSIONS }, (_, i) => [
    `session_${1_700_000_000_000 + i}_${i.toString(16).padStart(12, '0')}`,
    '0'.repeat(64 - String(i).length) + String(i),
    LOCALES[i % 5],
    `/${LOCALES[i % 5]}/visa-finder`,
    i % 3 === 0 ? `person${i % ADDRESSES}@example.com` : null,
    new Date(Date.now() - i * 60_000),
    i % 3 === 0 ? addressPerson(i % ADDRESSES) : chatPerson(i),
  ]);
  await batch(sessions, (v) => `insert into chat_sessions (id, token_hash, locale, start_page, visitor_email, last_message_at, person_id) values ${v}`, 7);
  const messages = Array.from({ length: MESSAGES }, (_, i) => [
    sessions[i % SESSIONS]![0],
    i % 4 === 0 ? 'operator' : 'visitor',
    words(i, 8 + (i % 20)),
    new Date(Date.now() - (MESSAGES - i) * 1000),
  ]);
  await batch(messages, (v) => `insert into messages (session_id, sender, content, created_at) values ${v}`, 4);
  const leads = Array.from({ length: LEADS }, (_, i) => [
    i % 2 ? 'contact' : 'visa',
    `${NAMES[i % NAMES.length]} ${i}`,
    `person${i % ADDRESSES}@example.com`,
    words(i + 7, 25),
    LOCALES[i % 5],
    new Date(),
    addressPerson(i % ADDRESSES),
  ]);
  await batch(leads, (v) => `insert into leads (source, name, email, message, locale, consent_at, person_id) values ${v}`, 7);
  const keys = Array.from({ length: NOTES }, (_, i) => [`email:person${i}@example.com`, addressPerson(i)]);
  await batch(keys, (v) => `insert into person_records (key, person_id) values ${v}`, 2);
  const notes = Array.from({ length: NOTES }, (_, i) => [`email:person${i}@example.com`, 'note', words(i + 3, 12), 'op@example.com']);
  await batch(notes, (v) => `insert into person_events (person_key, kind, body, operator_email) values ${v}`, 4);
  // What saveMessage keeps for each conversation (the wait for an answer), as migration 0008 computes it.
  await execute(`update chat_sessions s set waiting_since = (select min(v.created_at) from messages v where v.session_id = s.id and v.sender = 'visitor'
    and v.id > coalesce((select max(o.id) from messages o where o.session_id = s.id and o.sender = 'operator'), 0))`);
  await execute('analyze');
  console.log(`seeded ${SESSIONS} conversations, ${MESSAGES} messages, ${LEADS} requests, ${NOTES} notes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Opens a fresh seeded database as the server would, runs `bench`, then removes the database. */
export async function withSeededDatabase(
  name: string,
  bench: (engine: 'PostgreSQL' | 'PGlite', where: { dataDir: string; databaseUrl?: string }) => Promise<void>,
) {
  const usePostgres = process.argv.includes('--postgres');
  const { openAppDatabase, closeDb, getDbHandle } = await import('@/lib/db/client');
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  const admin = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
  const database = `${name.replace(/-/g, '_')}_${process.pid}`;
  const url = new URL(admin);
  url.pathname = `/${database}`;
  const withAdmin = async (text: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  if (usePostgres) await withAdmin(`create database ${database}`);
  try {
    await openAppDatabase({ dataDir: path.join(dataDir, 'data'), databaseUrl: usePostgres ? url.toString() : undefined });
    const handle = await getDbHandle();
    await seed((text, params) =>
      handle.driver === 'pglite' ? handle.client.query(text, params as unknown[]) : handle.client.query(text, params as unknown[]),
    );
    await bench(usePostgres ? 'PostgreSQL' : 'PGlite', { dataDir: path.join(dataDir, 'data'), databaseUrl: usePostgres ? url.toString() : undefined });
  } finally {
    await closeDb();
    rmSync(dataDir, { recursive: true, force: true });
    // `--keep`: the PostgreSQL database stays, to look at its plans with psql.
    if (usePostgres && process.argv.includes('--keep')) console.log(`kept ${url.toString()}`);
    else if (usePostgres) await withAdmin(`drop database if exists ${database} with (force)`);
  }
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
