import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { listTrailOfSessions } from '@/lib/chat/trail-queries';
import { chatSessions, leads, messages } from '@/lib/db/schema';
import { erasePersonRecords, exportPersonRecords, personKeysOf } from '@/lib/people/privacy-queries';

/** Everything held about one e-mail address: its leads and the conversations linked to it, with their trails. */
export async function exportSubjectData({ email }: { email: string }) {
  const db = await getDb();
  const address = email.trim().toLowerCase();
  const leadRows = await db.select().from(leads).where(eq(leads.email, address)).orderBy(asc(leads.id));
  const sessions = await db
    .select({ id: chatSessions.id, locale: chatSessions.locale, startPage: chatSessions.startPage, createdAt: chatSessions.createdAt })
    .from(chatSessions)
    .where(eq(chatSessions.visitorEmail, address));
  const sessionIds = sessions.map((session) => session.id);
  const messageRows = sessionIds.length ? await db.select().from(messages).where(inArray(messages.sessionId, sessionIds)).orderBy(asc(messages.id)) : [];
  const trail = await listTrailOfSessions({ sessionIds });
  const records = await exportPersonRecords(db, await personKeysOf(db, { email: address, sessionIds }));
  return {
    email: address,
    exportedAt: new Date().toISOString(),
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the search vector is left out, not used
    leads: leadRows.map(({ search: _search, ...lead }) => ({ ...lead, id: Number(lead.id) })),
    conversations: sessions.map((session) => ({
      ...session,
      messages: messageRows
        .filter((message) => message.sessionId === session.id)
        .map(({ id, sender, content, createdAt }) => ({ id: Number(id), sender, content, createdAt })),
      trail: trail.filter((entry) => entry.sessionId === session.id).map(({ path, title, createdAt }) => ({ path, title, createdAt })),
    })),
    /** The console's record: stage, follow-up, private notes and their history. */
    consoleRecords: records,
  };
}

/**
 * Erases every lead and linked conversation of an e-mail address (their messages and trails
 * cascade), the console's records of that person (notes, stages, follow-ups) and the
 * conversations merged into it; returns what was deleted.
 */
export async function eraseSubjectData({ email }: { email: string }) {
  const db = await getDb();
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const sessionIds = (await tx.select({ id: chatSessions.id }).from(chatSessions).where(eq(chatSessions.visitorEmail, address))).map((row) => row.id);
    const people = await erasePersonRecords(tx, await personKeysOf(tx, { email: address, sessionIds }));
    const erasedLeads = await tx.delete(leads).where(eq(leads.email, address)).returning({ id: leads.id });
    const erasedChats = await tx.delete(chatSessions).where(eq(chatSessions.visitorEmail, address)).returning({ id: chatSessions.id });
    return { leads: erasedLeads.length, conversations: erasedChats.length + people.conversations };
  });
}
