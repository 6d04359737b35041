import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { selectRows } from './rows';

/** The name of the latest request sharing each conversation's address (conversations without one are left out). */
export async function listVisitorNames({ sessionIds }: { sessionIds: string[] }): Promise<Map<string, string>> {
  if (sessionIds.length === 0) return new Map();
  const db = await getDb();
  const ids = sql.join(
    sessionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await selectRows<{ id: string; name: string }>(
    db,
    sql`select distinct on (s.id) s.id, l.name from chat_sessions s join leads l on l.email = lower(s.visitor_email) where s.id in (${ids}) order by s.id, l.created_at desc`,
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}
