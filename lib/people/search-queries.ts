import 'server-only';
import { inArray, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { people } from '@/lib/db/schema';
import { loadPeopleByIds, rootId } from './list-queries';
import { summarisePeople } from './summary';
import { iso, selectRows } from './rows';
import { highlight, searchWords, type Highlighted } from './search-text';

export const MAX_SEARCH_HITS = 200;
export const MAX_SEARCH_PEOPLE = 30;

export type SearchHitDto = { kind: 'message' | 'request' | 'note' | 'person'; at: string; text: Highlighted };
export type SearchResultDto = { key: string; label: string; hits: SearchHitDto[] };

type HitRow = { person_id: number | string; kind: SearchHitDto['kind']; text: string; at: Date | string };

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
    // Full-text search: the one query here the builder cannot say (a union of three, each on its
    // own GIN index); its rows are typed by HitRow.
    sql`(select s.person_id, 'message' as kind, m.content as text, m.created_at as at
        from messages m join chat_sessions s on s.id = m.session_id where m.search @@ ${q}
        order by m.id desc limit ${MAX_SEARCH_HITS})
      union all
      (select l.person_id, 'request', l.name || ' · ' || l.email || ' · ' || l.message, l.created_at
        from leads l where l.search @@ ${q}
        order by l.id desc limit ${MAX_SEARCH_HITS})
      union all
      (select r.person_id, 'note', e.body, e.created_at
        from person_events e join person_records r on r.key = e.person_key where e.kind = 'note' and e.search @@ ${q}
        order by e.id desc limit ${MAX_SEARCH_HITS})`,
  );
  return groupHits(hits, words);
}

async function groupHits(hits: HitRow[], words: string[]): Promise<SearchResultDto[]> {
  if (hits.length === 0) return [];
  const db = await getDb();
  const ids = [...new Set(hits.map((hit) => Number(hit.person_id)))];
  const roots = new Map(
    (await db.select({ id: people.id, root: rootId }).from(people).where(inArray(people.id, ids))).map((row) => [Number(row.id), row.root]),
  );
  const groups = new Map<number, HitRow[]>();
  for (const hit of [...hits].sort((a, b) => +new Date(b.at) - +new Date(a.at))) {
    const root = roots.get(Number(hit.person_id)) ?? Number(hit.person_id);
    groups.set(root, [...(groups.get(root) ?? []), hit]);
  }
  const shown = [...groups.keys()].slice(0, MAX_SEARCH_PEOPLE);
  const labels = new Map(summarisePeople(await loadPeopleByIds(db, shown)).map((person) => [person.key, person.label]));
  return shown.map((root) => ({
    key: String(root),
    label: labels.get(String(root)) ?? `#${root}`,
    hits: (groups.get(root) ?? []).slice(0, 5).map((hit) => ({ kind: hit.kind, at: iso(hit.at), text: highlight(hit.text.slice(0, 300), words) })),
  }));
}
