import 'server-only';
import { sql } from 'drizzle-orm';
import { recent, week } from './weeks';

/** A week's count of people who first came in a language, on a page (or, without a conversation, by a form: `source:contact`, `source:visa`). */
export type ArrivalRow = { week: string; locale: string; page: string; n: number | string };

/** Pages named one by one on the dashboard; the others are added up in one row. */
export const LISTED_PAGES = 8;

/** Where people came from: a page (its path), a form without any conversation, or the pages not listed. */
export type ArrivalPage = { kind: 'page'; page: string; counts: number[] } | { kind: 'contact' | 'visa' | 'other'; page: null; counts: number[] };

const arrivalPage = (page: string, counts: number[]): ArrivalPage =>
  page === 'source:contact' || page === 'source:visa'
    ? { kind: page === 'source:contact' ? 'contact' : 'visa', page: null, counts }
    : { kind: 'page', page, counts };

/**
 * People as stored (the operators' merges are not followed here), each counted once: in the week of their first conversation or request, in that
 * one's language, on the first page a conversation of theirs was opened on (without its query).
 */
export function arrivalsQuery() {
  return sql`
    with items as (
      select person_id as key, created_at, locale, split_part(start_page, '?', 1) as page
      from chat_sessions where last_message_at is not null
      union all
      select person_id, created_at, locale, 'source:' || source from leads
    ), people as (
      select min(created_at) as first_at, (array_agg(locale order by created_at))[1] as locale,
        coalesce((array_agg(page order by created_at) filter (where page not like 'source:%'))[1], (array_agg(page order by created_at))[1]) as page
      from items group by key
    )
    select ${week('first_at')} as week, locale, page, count(*) as n from people where ${recent('first_at')} group by 1, 2, 3`;
}

type Series = (rows: { week: string; n: number | string }[]) => number[];

const sum = (rows: ArrivalRow[]) => rows.reduce((total, row) => total + Number(row.n), 0);

// Map.groupBy needs Node 21; the engines allow Node 20.
function groupBy(rows: ArrivalRow[], by: (row: ArrivalRow) => string): [string, ArrivalRow[]][] {
  const groups = new Map<string, ArrivalRow[]>();
  for (const row of rows) {
    const group = groups.get(by(row));
    if (group) group.push(row);
    else groups.set(by(row), [row]);
  }
  return [...groups];
}

/** People per week in all, by language (alphabetical) and by page (the most frequent first, then the others together). */
export function arrivalSeries(rows: ArrivalRow[], series: Series) {
  const byWeek = (selected: ArrivalRow[]) => series(groupBy(selected, (row) => row.week).map(([week, group]) => ({ week, n: sum(group) })));
  const locales = [...new Set(rows.map((row) => row.locale))].sort();
  const pages = groupBy(rows, (row) => row.page)
    .map(([page, group]) => ({ page, total: sum(group) }))
    .sort((a, b) => b.total - a.total || a.page.localeCompare(b.page));
  const listed = pages.slice(0, LISTED_PAGES).map(({ page }) => page);
  const others = rows.filter((row) => !listed.includes(row.page));
  return {
    people: byWeek(rows),
    languages: Object.fromEntries(locales.map((locale) => [locale, byWeek(rows.filter((row) => row.locale === locale))])),
    pages: [
      ...listed.map((page) => arrivalPage(page, byWeek(rows.filter((row) => row.page === page)))),
      ...(others.length ? [{ kind: 'other' as const, page: null, counts: byWeek(others) }] : []),
    ],
  };
}
