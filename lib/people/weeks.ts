import 'server-only';
import { sql } from 'drizzle-orm';

export const DASHBOARD_WEEKS = 12;

/** Monday of a row's week in Mauritius (UTC+4 all year), as `YYYY-MM-DD`. */
export const week = (column: string) => sql.raw(`to_char(date_trunc('week', (${column} at time zone 'UTC') + interval '4 hours'), 'YYYY-MM-DD')`);
export const since = sql`date_trunc('week', (now() at time zone 'UTC') + interval '4 hours') - interval '${sql.raw(String(DASHBOARD_WEEKS - 1))} weeks'`;
export const recent = (column: string) => sql`(${sql.raw(column)} at time zone 'UTC') + interval '4 hours' >= ${since}`;
