import 'server-only';
import { and, asc, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/db/client';
import { chatSessions, dossiers, jobClaims, leads, people, personEvents, personRecords } from '@/lib/db/schema';
import { iso, isoOrNull } from './rows';

type Tx = Pick<Db, 'select' | 'delete' | 'update' | 'execute'>;

/**
 * The people a data request for an address covers: everyone who has it (on the person, a request
 * or a conversation), with everyone merged with them, at any depth (A into B into C: all three).
 * Export and erasure both read it, so what is exported is exactly what is erased.
 */
export async function subjectPeople(tx: Pick<Db, 'select' | 'selectDistinct'>, { email }: { email: string }): Promise<number[]> {
  const address = email.trim().toLowerCase();
  const direct = [
    ...(await tx.select({ id: people.id }).from(people).where(eq(people.email, address))),
    ...(await tx.select({ id: leads.personId }).from(leads).where(eq(leads.email, address))),
    ...(await tx
      .select({ id: chatSessions.personId })
      .from(chatSessions)
      .where(sql`lower(${chatSessions.visitorEmail}) = ${address}`)),
  ].map((row) => Number(row.id));
  if (direct.length === 0) return [];
  const roots = await tx
    .selectDistinct({ root: sql<number>`coalesce(${people.rootId}, ${people.id})`.mapWith(Number) })
    .from(people)
    .where(inArray(people.id, [...new Set(direct)]));
  const ids = roots.map((row) => row.root);
  const group = await tx
    .select({ id: people.id })
    .from(people)
    .where(or(inArray(people.id, ids), inArray(people.rootId, ids)))
    .orderBy(asc(people.id));
  return group.map((row) => Number(row.id));
}

/** What the agency keeps about these people themselves: corrections, the console's records (stage, follow-up, notes, history). */
export async function exportPeopleRecords(tx: Pick<Db, 'select'>, personIds: number[]) {
  if (personIds.length === 0) return { people: [], consoleRecords: [] };
  const [persons, records, events] = await Promise.all([
    tx
      .select({
        id: people.id,
        email: people.email,
        emailVerified: people.emailVerified,
        name: people.name,
        phone: people.phone,
        mergedInto: people.mergedInto,
        createdAt: people.createdAt,
      })
      .from(people)
      .where(inArray(people.id, personIds))
      .orderBy(asc(people.id)),
    tx.select().from(personRecords).where(inArray(personRecords.personId, personIds)).orderBy(asc(personRecords.key)),
    tx
      .select({
        key: personEvents.personKey,
        kind: personEvents.kind,
        stage: personEvents.stage,
        body: personEvents.body,
        operator: personEvents.operatorEmail,
        createdAt: personEvents.createdAt,
      })
      .from(personEvents)
      .innerJoin(personRecords, eq(personRecords.key, personEvents.personKey))
      .where(inArray(personRecords.personId, personIds))
      .orderBy(asc(personEvents.id)),
  ]);
  return {
    people: persons.map((person) => ({
      ...person,
      id: Number(person.id),
      mergedInto: person.mergedInto === null ? null : Number(person.mergedInto),
      createdAt: iso(person.createdAt),
    })),
    consoleRecords: records.map((record) => ({
      key: record.key,
      personId: Number(record.personId),
      stage: record.stage,
      lostReason: record.lostReason,
      followUpAt: isoOrNull(record.followUpAt),
      followUpReason: record.followUpReason,
      createdAt: iso(record.createdAt),
      history: events
        .filter((event) => event.key === record.key)
        .map((event) => ({ kind: event.kind, stage: event.stage, text: event.body, operator: event.operator, at: iso(event.createdAt) })),
    })),
  };
}

/**
 * People none of whose group (everyone merged with them) has a request, a conversation or a dossier left:
 * retention deleted them. Their records, notes and history go with them; old job claims too.
 */
export async function purgeOrphanPeople(tx: Tx) {
  const member = alias(people, 'member');
  const memberRoot = sql`coalesce(${member.rootId}, ${member.id})`;
  const rowsOf = (table: typeof leads | typeof chatSessions | typeof dossiers) =>
    tx
      .select({ one: sql`1` })
      .from(table)
      .innerJoin(member, eq(member.id, table.personId))
      .where(eq(memberRoot, people.id));
  const orphanRoots = tx
    .select({ id: people.id })
    .from(people)
    .where(and(isNull(people.rootId), notExists(rowsOf(leads)), notExists(rowsOf(chatSessions)), notExists(rowsOf(dossiers))));
  const deleted = await tx
    .delete(people)
    .where(or(inArray(people.id, orphanRoots), inArray(people.rootId, orphanRoots)))
    .returning({ id: people.id });
  await tx.delete(jobClaims).where(sql`${jobClaims.day} < current_date - 30`);
  return deleted.length;
}
