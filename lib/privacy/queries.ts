import 'server-only';
import { lt, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { chatSessions, leads, operatorSessions } from '@/lib/db/schema';
import type { Retention } from '@/lib/config';

const olderThan = (days: number) => sql`now() - make_interval(days => ${days}::int)`;

/**
 * Deletes what the privacy policy says is kept no longer: conversations idle for more than
 * `chatDays` (their messages go with them), leads older than `leadDays`, expired operator sessions.
 */
export async function purgeExpiredData({ chatDays, leadDays }: Retention) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const chats = await tx
      .delete(chatSessions)
      .where(lt(sql`coalesce(${chatSessions.lastMessageAt}, ${chatSessions.createdAt})`, olderThan(chatDays)))
      .returning({ id: chatSessions.id });
    const deletedLeads = await tx.delete(leads).where(lt(leads.createdAt, olderThan(leadDays))).returning({ id: leads.id });
    const sessions = await tx
      .delete(operatorSessions)
      .where(lt(operatorSessions.expiresAt, sql`now()`))
      .returning({ id: operatorSessions.id });
    return { chatSessions: chats.length, leads: deletedLeads.length, operatorSessions: sessions.length };
  });
}
