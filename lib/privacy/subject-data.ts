import 'server-only';
import { asc, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { listTrailOfSessions } from '@/lib/chat/trail-queries';
import { chatSessions, leads, messages, people } from '@/lib/db/schema';
import { exportPeopleRecords, subjectPeople } from '@/lib/people/privacy-queries';

/**
 * Everything held about the people of one e-mail address (lib/people/privacy-queries.ts:
 * everyone who has it, with everyone merged with them at any depth): their requests, their
 * conversations with messages and trails, corrections and the console's records.
 */
export async function exportSubjectData({ email }: { email: string }) {
  const db = await getDb();
  const address = email.trim().toLowerCase();
  const personIds = await subjectPeople(db, { email: address });
  const leadRows = personIds.length ? await db.select().from(leads).where(inArray(leads.personId, personIds)).orderBy(asc(leads.id)) : [];
  const sessions = personIds.length
    ? await db
        .select({
          id: chatSessions.id,
          locale: chatSessions.locale,
          startPage: chatSessions.startPage,
          email: chatSessions.visitorEmail,
          createdAt: chatSessions.createdAt,
        })
        .from(chatSessions)
        .where(inArray(chatSessions.personId, personIds))
        .orderBy(asc(chatSessions.createdAt))
    : [];
  const sessionIds = sessions.map((session) => session.id);
  const messageRows = sessionIds.length ? await db.select().from(messages).where(inArray(messages.sessionId, sessionIds)).orderBy(asc(messages.id)) : [];
  const trail = await listTrailOfSessions({ sessionIds });
  const records = await exportPeopleRecords(db, personIds);
  return {
    email: address,
    exportedAt: new Date().toISOString(),
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the search vector is left out, not used
    leads: leadRows.map(({ search: _search, ...lead }) => ({ ...lead, id: Number(lead.id), personId: Number(lead.personId) })),
    conversations: sessions.map((session) => ({
      ...session,
      messages: messageRows
        .filter((message) => message.sessionId === session.id)
        .map(({ id, sender, content, createdAt }) => ({ id: Number(id), sender, content, createdAt })),
      trail: trail.filter((entry) => entry.sessionId === session.id).map(({ path, title, createdAt }) => ({ path, title, createdAt })),
    })),
    /** The people themselves: the address each typed, whether it was proven, an operator's corrections, their merges. */
    people: records.people,
    /** The console's record: stage, follow-up, private notes and their history. */
    consoleRecords: records.consoleRecords,
  };
}

/**
 * Erases what exportSubjectData returns for the same address: the requests and conversations of
 * those people (messages, trails and links cascade), then the people (records, notes and history
 * cascade); returns what was deleted, and the ids the people had (for the journal, lib/audit,
 * which erasure never reaches).
 */
export async function eraseSubjectPeople({ email }: { email: string }) {
  const db = await getDb();
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const personIds = await subjectPeople(tx, { email: address });
    if (personIds.length === 0) return { leads: 0, conversations: 0, people: 0, personIds };
    const erasedLeads = await tx.delete(leads).where(inArray(leads.personId, personIds)).returning({ id: leads.id });
    const erasedChats = await tx.delete(chatSessions).where(inArray(chatSessions.personId, personIds)).returning({ id: chatSessions.id });
    const erasedPeople = await tx.delete(people).where(inArray(people.id, personIds)).returning({ id: people.id });
    return { leads: erasedLeads.length, conversations: erasedChats.length, people: erasedPeople.length, personIds };
  });
}

/** eraseSubjectPeople's counts alone. */
export async function eraseSubjectData({ email }: { email: string }) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the ids are for the journal only
  const { personIds: _ids, ...erased } = await eraseSubjectPeople({ email });
  return erased;
}
