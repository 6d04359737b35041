import 'server-only';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { chatSessions, messages } from '@/lib/db/schema';
import type { PersonSummaryDto } from './list-queries';

/** The people with each conversation's last message and unread count, read for these conversations only. */
export async function withLastMessages(people: PersonSummaryDto[]): Promise<PersonSummaryDto[]> {
  const sessionIds = people.flatMap((person) => person.conversations.map((conversation) => conversation.sessionId));
  if (sessionIds.length === 0) return people;
  const db = await getDb();
  const last = db
    .select({ content: messages.content, sender: messages.sender })
    .from(messages)
    .where(eq(messages.sessionId, chatSessions.id))
    .orderBy(desc(messages.id))
    .limit(1)
    .as('last');
  const unread = db.$count(
    messages,
    and(eq(messages.sessionId, chatSessions.id), eq(messages.sender, 'visitor'), gt(messages.id, chatSessions.operatorLastReadId)),
  );
  const rows = await db
    .select({ id: chatSessions.id, content: last.content, sender: last.sender, unread: sql<number>`${unread}`.mapWith(Number) })
    .from(chatSessions)
    .innerJoinLateral(last, sql`true`)
    .where(inArray(chatSessions.id, sessionIds));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return people.map((person) => ({
    ...person,
    conversations: person.conversations.map((conversation) => {
      const row = byId.get(conversation.sessionId);
      return row ? { ...conversation, lastMessage: row.content, lastMessageSender: row.sender, unreadCount: row.unread } : conversation;
    }),
  }));
}
