import 'server-only';
import { sql } from 'drizzle-orm';
import { MU_UTC_OFFSET_HOURS } from '@/lib/time/mauritius';

export const DASHBOARD_WEEKS = 12;

const toMauritius = `interval '${MU_UTC_OFFSET_HOURS} hours'`;

/** Monday of a row's week in Mauritius (UTC+4 all year), as `YYYY-MM-DD`. */
export const week = (column: string) => sql.raw(`to_char(date_trunc('week', (${column} at time zone 'UTC') + ${toMauritius}), 'YYYY-MM-DD')`);
export const since = sql`date_trunc('week', (now() at time zone 'UTC') + ${sql.raw(toMauritius)}) - interval '${sql.raw(String(DASHBOARD_WEEKS - 1))} weeks'`;
export const recent = (column: string) => sql`(${sql.raw(column)} at time zone 'UTC') + ${sql.raw(toMauritius)} >= ${since}`;
