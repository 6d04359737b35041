import 'server-only';
import { asc, desc, eq } from 'drizzle-orm';
import { chatSessions, people, personRecords } from '@/lib/db/schema';
import { rootOf, type Reader } from '@/lib/identity/people';

/**
 * The person a URL key names, at the end of their merges (acting on a merged person acts on the
 * one shown). A key is the person's id; the keys of links made before people were stored resolve
 * too: a console record's own key, `chat:<session id>` (that conversation's person) and
 * `email:<address>` (the earliest person with that address, proven ones first).
 */
export async function resolvePersonKey(db: Reader, key: string): Promise<number | null> {
  const personId = await personIdOf(db, key);
  return personId === null ? null : rootOf(db, personId);
}

/** The person a key names itself, merged or not. */
export async function personIdOf(db: Reader, key: string): Promise<number | null> {
  if (/^\d+$/.test(key)) return Number(key);
  const [record] = await db.select({ personId: personRecords.personId }).from(personRecords).where(eq(personRecords.key, key)).limit(1);
  if (record) return Number(record.personId);
  if (key.startsWith('chat:')) {
    const [chat] = await db
      .select({ personId: chatSessions.personId })
      .from(chatSessions)
      .where(eq(chatSessions.id, key.slice('chat:'.length)))
      .limit(1);
    return chat ? Number(chat.personId) : null;
  }
  if (key.startsWith('email:')) {
    const [person] = await db
      .select({ id: people.id })
      .from(people)
      .where(eq(people.email, key.slice('email:'.length).trim().toLowerCase()))
      .orderBy(desc(people.emailVerified), asc(people.id))
      .limit(1);
    return person ? Number(person.id) : null;
  }
  return null;
}
