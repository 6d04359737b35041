import 'server-only';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { chatSessions, people, personEvents, personRecords } from '@/lib/db/schema';

// Which person a request or a conversation belongs to, written when it is created or linked
// (lib/leads, lib/chat), and the merges that make two people one (lib/people, and an address
// proven by its link). Below every domain that has people: it imports only lib/db.

export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type Reader = Pick<Db, 'select'>;

/** A new person, with the address they typed (a claim, not a proof). */
export async function createPerson(tx: Tx, { email = null }: { email?: string | null } = {}): Promise<number> {
  const [row] = await tx
    .insert(people)
    .values({ email: email?.trim().toLowerCase() ?? null })
    .returning({ id: people.id });
  if (!row) throw new Error('No person row returned');
  return Number(row.id);
}

/** The person at the end of `personId`'s merges (itself when not merged). */
export async function rootOf(tx: Reader, personId: number): Promise<number | null> {
  const [row] = await tx.select({ id: people.id, rootId: people.rootId }).from(people).where(eq(people.id, personId)).limit(1);
  return row ? Number(row.rootId ?? row.id) : null;
}

/** Every person merged into `root`, at any depth, and `root` itself. */
export async function groupOf(tx: Reader, root: number): Promise<number[]> {
  const rows = await tx
    .select({ id: people.id })
    .from(people)
    .where(or(eq(people.id, root), eq(people.rootId, root)));
  return rows.map((row) => Number(row.id));
}

/**
 * The person of a new request: the conversation's, when the browser that sends it proves it owns
 * one (the same visitor), else a new person. Never an existing person found by the address: a
 * typed address joins one only once proven (proveAddress) or merged by an operator.
 */
export async function personForRequest(tx: Tx, { email, chatSessionId }: { email: string; chatSessionId?: string | null }): Promise<number> {
  if (chatSessionId) {
    const [chat] = await tx.select({ personId: chatSessions.personId }).from(chatSessions).where(eq(chatSessions.id, chatSessionId)).limit(1);
    if (chat) {
      await claimAddress(tx, { personId: Number(chat.personId), email });
      return Number(chat.personId);
    }
  }
  return createPerson(tx, { email });
}

/** The address a person typed becomes theirs, unless they already have one proven. */
export async function claimAddress(tx: Tx, { personId, email }: { personId: number; email: string | null }) {
  await tx
    .update(people)
    .set({ email: email?.trim().toLowerCase() ?? null, emailVerified: false })
    .where(and(eq(people.id, personId), eq(people.emailVerified, false)));
}

/** The console record of a person (stage, follow-up, history), made on first use. */
export async function ensureRecord(tx: Tx, personId: number): Promise<string> {
  await tx
    .insert(personRecords)
    .values({ key: `person:${personId}`, personId })
    .onConflictDoNothing({ target: personRecords.personId });
  const [row] = await tx.select({ key: personRecords.key }).from(personRecords).where(eq(personRecords.personId, personId)).limit(1);
  if (!row) throw new Error('No person record');
  return row.key;
}

export type HistoryEvent = {
  kind: (typeof personEvents.$inferInsert)['kind'];
  stage?: string | null;
  body?: string;
  operatorEmail: string;
};

/** One line of the person's history (their record is made if needed). */
export async function addHistory(tx: Tx, personId: number, event: HistoryEvent) {
  const key = await ensureRecord(tx, personId);
  await tx
    .insert(personEvents)
    .values({ personKey: key, kind: event.kind, stage: event.stage ?? null, body: event.body ?? '', operatorEmail: event.operatorEmail });
}

/**
 * Makes `from`'s person part of `into`'s (the ends of both chains are joined, so merges nest to
 * any depth); false when they are one person already.
 */
export async function joinPeople(tx: Tx, { from, into }: { from: number; into: number }): Promise<{ source: number; target: number } | null> {
  const source = await rootOf(tx, from);
  const target = await rootOf(tx, into);
  if (source === null || target === null || source === target) return null;
  await tx.update(people).set({ mergedInto: target, rootId: target }).where(eq(people.id, source));
  await tx.update(people).set({ rootId: target }).where(eq(people.rootId, source));
  return { source, target };
}

/** Undoes `personId`'s merge: it and those merged into it are their own person again. Returns the person it was merged into. */
export async function splitPerson(tx: Tx, personId: number): Promise<number | null> {
  const [row] = await tx.select({ mergedInto: people.mergedInto }).from(people).where(eq(people.id, personId)).limit(1);
  if (!row?.mergedInto) return null;
  await tx.update(people).set({ mergedInto: null, rootId: null }).where(eq(people.id, personId));
  let frontier = [personId];
  while (frontier.length) {
    const children = await tx.select({ id: people.id }).from(people).where(inArray(people.mergedInto, frontier));
    frontier = children.map((child) => Number(child.id));
    if (frontier.length) await tx.update(people).set({ rootId: personId }).where(inArray(people.id, frontier));
  }
  return Number(row.mergedInto);
}

/** The system's name in a person's history for what the visitor did themselves (opening a link). */
export const VISITOR_ACTOR = 'visiteur';

/**
 * A mail's link was opened: the address it was sent to is proven, if the conversation still has
 * it. Its person's address is marked verified, and the person joins the earliest other person who
 * has the same address (the one the console shows under it), as an operator's merge would.
 */
export async function proveAddress(tx: Tx, { sessionId, email }: { sessionId: string; email: string }) {
  const address = email.trim().toLowerCase();
  const [chat] = await tx
    .update(chatSessions)
    .set({ visitorEmailVerified: true })
    .where(and(eq(chatSessions.id, sessionId), sql`lower(${chatSessions.visitorEmail}) = ${address}`))
    .returning({ personId: chatSessions.personId });
  if (!chat) return;
  const personId = Number(chat.personId);
  await tx
    .update(people)
    .set({ email: address, emailVerified: true })
    .where(and(eq(people.id, personId), or(isNull(people.email), eq(people.email, address), eq(people.emailVerified, false))));
  const root = await rootOf(tx, personId);
  const [existing] = await tx
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.email, address), sql`coalesce(${people.rootId}, ${people.id}) <> ${root ?? personId}`))
    .orderBy(desc(people.emailVerified), asc(people.id))
    .limit(1);
  if (!existing) {
    await addHistory(tx, personId, { kind: 'verify', body: address, operatorEmail: VISITOR_ACTOR });
    return;
  }
  const joined = await joinPeople(tx, { from: personId, into: Number(existing.id) });
  if (joined) await addHistory(tx, joined.target, { kind: 'verify', body: String(joined.source), operatorEmail: VISITOR_ACTOR });
}
