import 'server-only';
import { asc, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { listTrailOfSessions } from '@/lib/chat/trail-queries';
import { chatSessions, leads, messages, people } from '@/lib/db/schema';
import { exportDossiersOfPeople } from '@/lib/dossier/export';
import { listStorageKeysOfPeople } from '@/lib/dossier/queries';
import { getFileStore } from '@/lib/files/key';
import { deleteStored } from '@/lib/files/store';
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
  const dossiers = await exportDossiersOfPeople(personIds);
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
    /** Their dossiers: items, states, dates, milestones and each stored file's name, type, size and SHA-256. */
    dossiers,
  };
}

/**
 * Erases what exportSubjectData returns for the same address: the requests and conversations of
 * those people (messages, trails and links cascade), then the people (records, notes, history and
 * dossiers cascade), then the dossiers' stored files; returns the ids deleted (for the register of erasures, lib/backup), never whose.
 */
export async function eraseSubjectRows({ email }: { email: string }) {
  const db = await getDb();
  const address = email.trim().toLowerCase();
  let storageKeys: string[] = [];
  const erased = await db.transaction(async (tx) => {
    const personIds = await subjectPeople(tx, { email: address });
    if (personIds.length === 0) return { leads: [], conversations: [], people: [] };
    storageKeys = await listStorageKeysOfPeople(tx, personIds);
    const erasedLeads = await tx.delete(leads).where(inArray(leads.personId, personIds)).returning({ id: leads.id });
    const erasedChats = await tx.delete(chatSessions).where(inArray(chatSessions.personId, personIds)).returning({ id: chatSessions.id });
    const erasedPeople = await tx.delete(people).where(inArray(people.id, personIds)).returning({ id: people.id });
    return {
      leads: erasedLeads.map((row) => Number(row.id)),
      conversations: erasedChats.map((row) => row.id),
      people: erasedPeople.map((row) => Number(row.id)),
    };
  });
  // The dossiers' rows went with the people; their documents leave the storage now, not at retention.
  if (storageKeys.length) await deleteStored(getFileStore(), storageKeys);
  return erased;
}

/** eraseSubjectRows, counted: how much went. */
export async function eraseSubjectData({ email }: { email: string }) {
  const ids = await eraseSubjectRows({ email });
  return { leads: ids.leads.length, conversations: ids.conversations.length, people: ids.people.length };
}
