import 'server-only';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { chatSessions, chatSessionTokens, leads, operatorSessions } from '@/lib/db/schema';
import type { Retention } from '@/lib/config';
import { purgeOrphanPeople } from '@/lib/people/privacy-queries';
import { PUSH_DELIVERY_RETENTION_DAYS } from '@/lib/push/constants';

const olderThan = (days: number) => sql`now() - make_interval(days => ${days}::int)`;

/** The visa finder's daily counts hold no personal data: kept two years for the dashboard's comparisons. */
export const VISA_COUNT_RETENTION_DAYS = 730;

/** A conversation nobody wrote in is only an opened widget: kept a day, not `chatDays`. */
export const EMPTY_SESSION_RETENTION_DAYS = 1;

/**
 * Deletes what the privacy policy says is kept no longer: conversations idle for more than
 * `chatDays` (their messages, trails, e-mail address and tokens go with them), conversations
 * without a message after a day, expired links of reply mails, leads older than `leadDays`,
 * expired operator sessions, the claims of push notifications sent over a week ago.
 */
export async function purgeExpiredData({ chatDays, leadDays }: Pick<Retention, 'chatDays' | 'leadDays'>) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const chats = await tx
      .delete(chatSessions)
      .where(
        or(
          lt(sql`coalesce(${chatSessions.lastMessageAt}, ${chatSessions.createdAt})`, olderThan(chatDays)),
          and(isNull(chatSessions.lastMessageAt), lt(chatSessions.createdAt, olderThan(EMPTY_SESSION_RETENTION_DAYS))),
        ),
      )
      .returning({ id: chatSessions.id });
    await tx.delete(chatSessionTokens).where(and(eq(chatSessionTokens.kind, 'link'), lt(chatSessionTokens.expiresAt, sql`now()`)));
    const deletedLeads = await tx
      .delete(leads)
      .where(lt(leads.createdAt, olderThan(leadDays)))
      .returning({ id: leads.id });
    // A person goes with the last request or conversation of everyone merged with them (their
    // notes, stages and follow-ups too).
    const records = await purgeOrphanPeople(tx);
    await tx.execute(sql`delete from visa_check_counts where day < current_date - ${VISA_COUNT_RETENTION_DAYS}::int`);
    await tx.execute(sql`delete from push_deliveries where created_at < ${olderThan(PUSH_DELIVERY_RETENTION_DAYS)}`);
    const sessions = await tx
      .delete(operatorSessions)
      .where(lt(operatorSessions.expiresAt, sql`now()`))
      .returning({ id: operatorSessions.id });
    return { chatSessions: chats.length, leads: deletedLeads.length, operatorSessions: sessions.length, personRecords: records };
  });
}
