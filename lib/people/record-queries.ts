import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { chatSessions, people, personRecords } from '@/lib/db/schema';
import { addHistory, ensureRecord, joinPeople, rootOf, splitPerson, type Tx } from '@/lib/identity/people';
import { personIdOf, resolvePersonKey } from './keys';
import type { ConversationStatus, Stage } from './stages';

/** Runs `work` on the person a key names (at the end of their merges); false for an unknown key. */
async function onPerson(key: string, work: (tx: Tx, personId: number) => Promise<void>): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const personId = await resolvePersonKey(tx, key);
    if (personId === null) return false;
    await work(tx, personId);
    return true;
  });
}

export async function setStage({ key, stage, lostReason, operatorEmail }: { key: string; stage: Stage; lostReason?: string; operatorEmail: string }) {
  return onPerson(key, async (tx, personId) => {
    await ensureRecord(tx, personId);
    const reason = stage === 'lost' ? (lostReason ?? null) : null;
    await tx.update(personRecords).set({ stage, lostReason: reason }).where(eq(personRecords.personId, personId));
    await addHistory(tx, personId, { kind: 'stage', stage, body: reason ?? '', operatorEmail });
  });
}

export async function addNote({ key, body, operatorEmail }: { key: string; body: string; operatorEmail: string }) {
  return onPerson(key, (tx, personId) => addHistory(tx, personId, { kind: 'note', body, operatorEmail }));
}

/** Sets (or clears, with `at` null) the person's follow-up; kept in the timeline. */
export async function setFollowUp({ key, at, reason, operatorEmail }: { key: string; at: Date | null; reason: string; operatorEmail: string }) {
  return onPerson(key, async (tx, personId) => {
    await ensureRecord(tx, personId);
    await tx
      .update(personRecords)
      .set({ followUpAt: at, followUpReason: at ? reason : null })
      .where(eq(personRecords.personId, personId));
    await addHistory(tx, personId, { kind: 'follow_up', body: at ? `${at.toISOString()} ${reason}`.trim() : '', operatorEmail });
  });
}

/**
 * Corrects what the person typed (name, address, phone; null clears a correction), in their
 * history. An address corrected by an operator is taken as checked by them: it is not "unverified".
 */
export async function rectifyPerson({
  key,
  change,
  operatorEmail,
}: {
  key: string;
  change: { name?: string | null; email?: string | null; phone?: string | null };
  operatorEmail: string;
}) {
  return onPerson(key, async (tx, personId) => {
    const [before] = await tx.select({ name: people.name, email: people.email, phone: people.phone }).from(people).where(eq(people.id, personId));
    await tx
      .update(people)
      .set({ ...change, ...(change.email !== undefined ? { emailVerified: change.email !== null } : {}) })
      .where(eq(people.id, personId));
    const fields = (['name', 'email', 'phone'] as const).filter((field) => change[field] !== undefined && change[field] !== before?.[field]);
    if (fields.length)
      await addHistory(tx, personId, { kind: 'rectify', body: fields.map((field) => `${field}: ${change[field] ?? '—'}`).join('\n'), operatorEmail });
  });
}

/**
 * Makes `from` part of `into`'s person: one action, undone by `unmergePerson`. Null for an unknown
 * key, false when both are already one person.
 */
export async function mergePeople({ from, into, operatorEmail }: { from: string; into: string; operatorEmail: string }): Promise<boolean | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const source = await resolvePersonKey(tx, from);
    const target = await resolvePersonKey(tx, into);
    if (source === null || target === null) return null;
    const joined = await joinPeople(tx, { from: source, into: target });
    if (!joined) return false;
    await addHistory(tx, joined.target, { kind: 'merge', body: String(joined.source), operatorEmail });
    return true;
  });
}

/** Undoes a merge: the person `key` names directly (not the end of its merges) is their own again; false when it was not merged. */
export async function unmergePerson({ key, operatorEmail }: { key: string; operatorEmail: string }): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const personId = await personIdOf(tx, key);
    if (personId === null) return false;
    const root = await rootOf(tx, personId);
    const from = await splitPerson(tx, personId);
    if (from === null || root === null) return false;
    await addHistory(tx, root, { kind: 'unmerge', body: String(personId), operatorEmail });
    return true;
  });
}

/** Open, resolved, or snoozed until `until`; false for an unknown conversation. */
export async function setConversationStatus({ sessionId, status, until }: { sessionId: string; status: ConversationStatus; until?: Date | null }) {
  const db = await getDb();
  const rows = await db
    .update(chatSessions)
    .set({ status, snoozedUntil: status === 'snoozed' && until ? until : null })
    .where(eq(chatSessions.id, sessionId))
    .returning({ id: chatSessions.id });
  return rows.length > 0;
}
