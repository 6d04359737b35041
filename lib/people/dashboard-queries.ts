import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { config } from '@/lib/config';
import type { OfficeHours } from '@/lib/office-hours/schedule';
import { addDays } from '@/lib/time/calendar';
import { mauritianMonday } from '@/lib/time/mauritius';
import { arrivalSeries, arrivalsQuery, type ArrivalPage, type ArrivalRow } from './arrivals';
import { medianFirstAnswers, type FirstAnswerRow } from './first-answer';
import { selectRows } from './rows';
import { DASHBOARD_WEEKS, recent, since, week } from './weeks';
import { STAGES } from './stages';

export interface DashboardDto {
  /** Mondays, oldest first. */
  weeks: string[];
  conversations: number[];
  requests: { contact: number[]; visa: number[] };
  visaChecks: number[];
  /** Median minutes from a conversation's first visitor message to the first answer; null without answers. */
  medianFirstAnswerMinutes: (number | null)[];
  /** Whether those minutes count only the time within OFFICE_HOURS (nights, weekends and holidays left out). */
  firstAnswerMode: 'office_hours' | 'real_time';
  /** People by the week they first came: in all, by language, and by the page they came from (the most frequent, then the others in one row). */
  people: number[];
  languages: Record<string, number[]>;
  pages: ArrivalPage[];
  stages: Record<(typeof STAGES)[number], number[]>;
}

/** The Monday numbers: per week over the last twelve, counted in the database (no personal data leaves it). */
export async function getDashboard(now: Date = new Date(), officeHours: OfficeHours | null = config.officeHours): Promise<DashboardDto> {
  const db = await getDb();
  const monday = mauritianMonday(now);
  const weeks = Array.from({ length: DASHBOARD_WEEKS }, (_, i) => addDays(monday, -(DASHBOARD_WEEKS - 1 - i) * 7));
  const series = (rows: { week: string; n: number | string }[]) => weeks.map((w) => Number(rows.find((r) => r.week === w)?.n ?? 0));
  const [conversations, requests, checks, answers, arrivals, stages] = await Promise.all([
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
    selectRows<FirstAnswerRow>(
      db,
      sql`select ${week('s.created_at')} as week, v.at as asked_at, a.at as answered_at
        from chat_sessions s
        join lateral (select min(created_at) as at from messages where session_id = s.id and sender = 'visitor') v on v.at is not null
        join lateral (select min(created_at) as at from messages where session_id = s.id and sender = 'operator' and created_at >= v.at) a on a.at is not null
        where ${recent('s.created_at')}`,
    ),
    selectRows<ArrivalRow>(db, arrivalsQuery()),
    selectRows<{ week: string; stage: string; n: number }>(
      db,
      sql`select ${week('created_at')} as week, stage, count(distinct person_key) as n from person_events where kind = 'stage' and ${recent('created_at')} group by 1, 2`,
    ),
  ]);
  return {
    weeks,
    conversations: series(conversations),
    requests: { contact: series(requests.filter((r) => r.source === 'contact')), visa: series(requests.filter((r) => r.source === 'visa')) },
    visaChecks: series(checks),
    medianFirstAnswerMinutes: medianFirstAnswers(weeks, answers, officeHours),
    firstAnswerMode: officeHours ? 'office_hours' : 'real_time',
    ...arrivalSeries(arrivals, series),
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
