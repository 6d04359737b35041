import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { selectRows } from './rows';
import { STAGES } from './stages';

export const DASHBOARD_WEEKS = 12;

/** Monday of a row's week in Mauritius (UTC+4 all year), as `YYYY-MM-DD`. */
const week = (column: string) => sql.raw(`to_char(date_trunc('week', (${column} at time zone 'UTC') + interval '4 hours'), 'YYYY-MM-DD')`);
const since = sql`date_trunc('week', (now() at time zone 'UTC') + interval '4 hours') - interval '${sql.raw(String(DASHBOARD_WEEKS - 1))} weeks'`;
const recent = (column: string) => sql`(${sql.raw(column)} at time zone 'UTC') + interval '4 hours' >= ${since}`;

export interface DashboardDto {
  /** Mondays, oldest first. */
  weeks: string[];
  conversations: number[];
  requests: { contact: number[]; visa: number[] };
  visaChecks: number[];
  /** Median minutes from a conversation's first visitor message to the first answer; null without answers. */
  medianFirstAnswerMinutes: (number | null)[];
  languages: Record<string, number[]>;
  pages: { page: string; count: number }[];
  stages: Record<(typeof STAGES)[number], number[]>;
}

/** The Monday numbers: per week over the last twelve, counted in the database (no personal data leaves it). */
export async function getDashboard(now: Date = new Date()): Promise<DashboardDto> {
  const db = await getDb();
  const weeks = Array.from({ length: DASHBOARD_WEEKS }, (_, i) => {
    const local = new Date(now.getTime() + 4 * 3600_000);
    const monday = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - ((local.getUTCDay() + 6) % 7) * 86400_000;
    return new Date(monday - (DASHBOARD_WEEKS - 1 - i) * 7 * 86400_000).toISOString().slice(0, 10);
  });
  const series = (rows: { week: string; n: number | string }[]) => weeks.map((w) => Number(rows.find((r) => r.week === w)?.n ?? 0));
  const [conversations, requests, checks, answers, languages, pages, stages] = await Promise.all([
    selectRows<{ week: string; n: number }>(
      db,
      sql`select ${week('created_at')} as week, count(*) as n from chat_sessions where last_message_at is not null and ${recent('created_at')} group by 1`,
    ),
    selectRows<{ week: string; source: string; n: number }>(
      db,
      sql`select ${week('created_at')} as week, source, count(*) as n from leads where ${recent('created_at')} group by 1, 2`,
    ),
    selectRows<{ week: string; n: number }>(
      db,
      sql`select to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD') as week, sum(checks) as n from visa_check_counts where day::timestamp >= ${since} group by 1`,
    ),
    selectRows<{ week: string; minutes: number | null }>(
      db,
      sql`select ${week('s.created_at')} as week, percentile_cont(0.5) within group (order by extract(epoch from a.at - v.at) / 60) as minutes
        from chat_sessions s
        join lateral (select min(created_at) as at from messages where session_id = s.id and sender = 'visitor') v on v.at is not null
        join lateral (select min(created_at) as at from messages where session_id = s.id and sender = 'operator' and created_at >= v.at) a on a.at is not null
        where ${recent('s.created_at')} group by 1`,
    ),
    selectRows<{ week: string; locale: string; n: number }>(
      db,
      sql`select ${week('created_at')} as week, locale, count(*) as n from chat_sessions where last_message_at is not null and ${recent('created_at')} group by 1, 2`,
    ),
    selectRows<{ page: string; n: number }>(
      db,
      sql`select start_page as page, count(*) as n from chat_sessions where last_message_at is not null and ${recent('created_at')} group by 1 order by 2 desc, 1 limit 10`,
    ),
    selectRows<{ week: string; stage: string; n: number }>(
      db,
      sql`select ${week('created_at')} as week, stage, count(distinct person_key) as n from person_events where kind = 'stage' and ${recent('created_at')} group by 1, 2`,
    ),
  ]);
  const locales = [...new Set(languages.map((row) => row.locale))].sort();
  return {
    weeks,
    conversations: series(conversations),
    requests: { contact: series(requests.filter((r) => r.source === 'contact')), visa: series(requests.filter((r) => r.source === 'visa')) },
    visaChecks: series(checks),
    medianFirstAnswerMinutes: weeks.map((w) => {
      const minutes = answers.find((row) => row.week === w)?.minutes;
      return minutes === null || minutes === undefined ? null : Math.round(Number(minutes));
    }),
    languages: Object.fromEntries(locales.map((locale) => [locale, series(languages.filter((row) => row.locale === locale))])),
    pages: pages.map((row) => ({ page: row.page, count: Number(row.n) })),
    stages: Object.fromEntries(STAGES.map((stage) => [stage, series(stages.filter((row) => row.stage === stage))])) as DashboardDto['stages'],
  };
}

/** One more visa-finder check today (Mauritius day): a number, nothing about who asked. */
export async function countVisaCheck() {
  const db = await getDb();
  await db.execute(
    sql`insert into visa_check_counts (day, checks) values (((now() at time zone 'UTC') + interval '4 hours')::date, 1) on conflict (day) do update set checks = visa_check_counts.checks + 1`,
  );
}
