import 'server-only';
import { desc, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb } from '@/lib/db/client';
import { chatSessions, leads, people } from '@/lib/db/schema';
import { rootId } from './list-queries';

/**
 * Each conversation's person's name: an operator's correction, else the latest request of that
 * person (everyone merged with them), never of another person who typed the same address.
 * Conversations of a person without a name are left out.
 */
export async function listVisitorNames({ sessionIds }: { sessionIds: string[] }): Promise<Map<string, string>> {
  if (sessionIds.length === 0) return new Map();
  const db = await getDb();
  const chats = await db
    .select({ id: chatSessions.id, root: rootId })
    .from(chatSessions)
    .innerJoin(people, eq(people.id, chatSessions.personId))
    .where(inArray(chatSessions.id, sessionIds));
  const roots = [...new Set(chats.map((chat) => chat.root))];
  if (roots.length === 0) return new Map();
  const root = alias(people, 'root');
  const [corrected, requested] = await Promise.all([
    db.select({ id: root.id, name: root.name }).from(root).where(inArray(root.id, roots)),
    db
      .select({ root: rootId, name: leads.name })
      .from(leads)
      .innerJoin(people, eq(people.id, leads.personId))
      .where(or(inArray(people.id, roots), inArray(people.rootId, roots)))
      .orderBy(desc(leads.createdAt)),
  ]);
  const names = new Map<number, string>();
  for (const row of requested) if (!names.has(row.root)) names.set(row.root, row.name);
  for (const row of corrected) if (row.name) names.set(Number(row.id), row.name);
  return new Map(chats.flatMap((chat) => (names.has(chat.root) ? [[chat.id, names.get(chat.root)!] as [string, string]] : [])));
}
