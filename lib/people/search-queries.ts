import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { personLabel } from './label';
import { resolveKey } from './list-queries';
import { iso, selectRows } from './rows';
import { highlight, searchWords, type Highlighted } from './search-text';

export const MAX_SEARCH_HITS = 200;
export const MAX_SEARCH_PEOPLE = 30;

export type SearchHitDto = { kind: 'message' | 'request' | 'note' | 'person'; at: string; text: Highlighted };
export type SearchResultDto = { key: string; label: string; hits: SearchHitDto[] };

type HitRow = { key: string; kind: SearchHitDto['kind']; text: string; at: Date };

/**
 * People, messages, requests and notes matching every word of `query` (accents and case
 * ignored, each word a prefix), grouped by person, the most recent first.
 */
export async function searchPeople({ query }: { query: string }): Promise<SearchResultDto[]> {
  const words = searchWords(query);
  if (words.length === 0) return [];
  const tsquery = words.map((word) => `${word}:*`).join(' & ');
  const q = sql`to_tsquery('simple'::regconfig, ${tsquery})`;
  const db = await getDb();
  const hits = await selectRows<HitRow>(
    db,
    sql`(select coalesce('email:' || lower(s.visitor_email), 'chat:' || s.id) as key, 'message' as kind, m.content as text, m.created_at as at
        from messages m join chat_sessions s on s.id = m.session_id where m.search @@ ${q}
        order by m.id desc limit ${MAX_SEARCH_HITS})
      union all
      (select 'email:' || lower(l.email), 'request', l.name || ' · ' || l.email || ' · ' || l.message, l.created_at
        from leads l where l.search @@ ${q}
        order by l.id desc limit ${MAX_SEARCH_HITS})
      union all
      (select e.person_key, 'note', e.body, e.created_at
        from person_events e where e.kind = 'note' and e.search @@ ${q}
        order by e.id desc limit ${MAX_SEARCH_HITS})`,
  );
  return groupHits(hits, words);
}

async function groupHits(hits: HitRow[], words: string[]): Promise<SearchResultDto[]> {
  if (hits.length === 0) return [];
  const db = await getDb();
  const merges = await selectRows<{ key: string; merged_into: string }>(db, sql`select key, merged_into from person_records where merged_into is not null`);
  const mergedInto = new Map(merges.map((row) => [row.key, row.merged_into]));
  const groups = new Map<string, HitRow[]>();
  for (const hit of [...hits].sort((a, b) => +new Date(b.at) - +new Date(a.at))) {
    const key = resolveKey(hit.key, mergedInto);
    groups.set(key, [...(groups.get(key) ?? []), hit]);
  }
  const keys = [...groups.keys()].slice(0, MAX_SEARCH_PEOPLE);
  const labels = await labelsOf(keys);
  return keys.map((key) => ({
    key,
    label: labels.get(key) ?? key.replace(/^(email|chat):/, ''),
    hits: (groups.get(key) ?? []).slice(0, 5).map((hit) => ({ kind: hit.kind, at: iso(hit.at), text: highlight(hit.text.slice(0, 300), words) })),
  }));
}

/** The list's label of each key: the latest lead's name, else the conversation's language and first page. */
async function labelsOf(keys: string[]): Promise<Map<string, string>> {
  const db = await getDb();
  const emails = keys.filter((key) => key.startsWith('email:')).map((key) => key.slice(6));
  const chats = keys.filter((key) => key.startsWith('chat:')).map((key) => key.slice(5));
  const list = (values: string[]) => sql.join(values.length ? values.map((value) => sql`${value}`) : [sql`null`], sql`, `);
  const [names, sessions] = await Promise.all([
    selectRows<{ email: string; name: string }>(
      db,
      sql`select distinct on (email) email, name from leads where email in (${list(emails)}) order by email, created_at desc`,
    ),
    selectRows<{ key: string; locale: string; start_page: string }>(
      db,
      sql`select distinct on (key) key, locale, start_page from (select coalesce('email:' || lower(visitor_email), 'chat:' || id) as key, locale, start_page, created_at from chat_sessions where id in (${list(chats)}) or lower(visitor_email) in (${list(emails)})) s order by key, created_at`,
    ),
  ]);
  const labels = new Map<string, string>();
  for (const row of sessions) labels.set(row.key, personLabel({ name: null, locale: row.locale, firstPage: row.start_page }));
  for (const row of names) labels.set(`email:${row.email}`, row.name);
  return labels;
}
