import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import type { PersonSummaryDto } from './list-queries';
import { selectRows } from './rows';

type LastMessageRow = { id: string; content: string; sender: 'visitor' | 'operator'; unread: number | string };

/** The people with each conversation's last message and unread count, read for these conversations only. */
export async function withLastMessages(people: PersonSummaryDto[]): Promise<PersonSummaryDto[]> {
  const sessionIds = people.flatMap((person) => person.conversations.map((conversation) => conversation.sessionId));
  if (sessionIds.length === 0) return people;
  const db = await getDb();
  const ids = sql.join(
    sessionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await selectRows<LastMessageRow>(
    db,
    sql`select s.id, last.content, last.sender,
        (select count(*) from messages u where u.session_id = s.id and u.sender = 'visitor' and u.id > s.operator_last_read_id) as unread
      from chat_sessions s
      join lateral (select m.content, m.sender from messages m where m.session_id = s.id order by m.id desc limit 1) last on true
      where s.id in (${ids})`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return people.map((person) => ({
    ...person,
    conversations: person.conversations.map((conversation) => {
      const last = byId.get(conversation.sessionId);
      return last ? { ...conversation, lastMessage: last.content, lastMessageSender: last.sender, unreadCount: Number(last.unread) } : conversation;
    }),
  }));
}
