import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, max, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { dossierFiles, dossierItems, dossiers, leads } from '@/lib/db/schema';
import { groupOf, rootOf } from '@/lib/identity/people';
import { documentIdsFor } from '@/lib/visa/document-ids';
import type { ItemState, OpenDossierInput, Review } from './types';

export type DossierRow = typeof dossiers.$inferSelect;
export type ItemRow = typeof dossierItems.$inferSelect;
export type FileRow = typeof dossierFiles.$inferSelect;

/** Every person merged with `personId`, and it: a dossier belongs to the group. */
async function membersOf(db: Db, personId: number): Promise<number[]> {
  const root = await rootOf(db, personId);
  return root === null ? [] : groupOf(db, root);
}

/** The permit and passport of the person's latest visa result, to propose them when opening a dossier. */
export async function findVisaProposal({ personId }: { personId: number }) {
  const db = await getDb();
  const ids = await membersOf(db, personId);
  if (ids.length === 0) return null;
  const [lead] = await db
    .select({ details: leads.details, locale: leads.locale, email: leads.email })
    .from(leads)
    .where(and(inArray(leads.personId, ids), eq(leads.source, 'visa')))
    .orderBy(desc(leads.id))
    .limit(1);
  if (!lead) return null;
  const details = (lead.details ?? {}) as { recommended?: unknown; answers?: { nationality?: unknown; arrival?: unknown } };
  return {
    /** The finder's answers as stored (snake case), for the plan's dated steps. */
    answers: (details.answers ?? {}) as Record<string, unknown>,
    permit: typeof details.recommended === 'string' ? details.recommended : null,
    nationality: typeof details.answers?.nationality === 'string' ? details.answers.nationality : null,
    arrival: typeof details.answers?.arrival === 'string' ? details.answers.arrival : null,
    locale: lead.locale,
    email: lead.email,
  };
}

/** Opens a dossier with one item per document the visa engine lists for the permit and passport. */
export async function insertDossier({ personId, input, operatorEmail }: { personId: number; input: OpenDossierInput; operatorEmail: string }) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [dossier] = await tx
      .insert(dossiers)
      .values({
        personId,
        permit: input.permit,
        nationality: input.nationality,
        locale: input.locale,
        targetDate: input.targetDate,
        email: input.email,
        createdBy: operatorEmail,
      })
      .returning();
    const documents = documentIdsFor(input.permit, input.nationality);
    if (documents.length) await tx.insert(dossierItems).values(documents.map((documentId, position) => ({ dossierId: dossier!.id, documentId, position })));
    return dossier!;
  });
}

export async function getDossierRows({ id }: { id: number }) {
  const db = await getDb();
  const [dossier] = await db.select().from(dossiers).where(eq(dossiers.id, id));
  if (!dossier) return null;
  const items = await db
    .select()
    .from(dossierItems)
    .where(and(eq(dossierItems.dossierId, id), isNull(dossierItems.droppedAt)))
    .orderBy(asc(dossierItems.position), asc(dossierItems.id));
  const files = items.length
    ? await db
        .select()
        .from(dossierFiles)
        .where(
          inArray(
            dossierFiles.itemId,
            items.map((item) => item.id),
          ),
        )
        .orderBy(asc(dossierFiles.id))
    : [];
  return { dossier, items, files };
}

export async function listDossiersOfPerson({ personId }: { personId: number }) {
  const db = await getDb();
  const ids = await membersOf(db, personId);
  if (ids.length === 0) return [];
  return db.select().from(dossiers).where(inArray(dossiers.personId, ids)).orderBy(desc(dossiers.id));
}

/** Open dossiers with their items' states (for completeness and the next date). */
export async function listOpenDossierRows() {
  const db = await getDb();
  const open = await db.select().from(dossiers).where(isNull(dossiers.closedAt)).orderBy(asc(dossiers.targetDate)).limit(500);
  const items = open.length
    ? await db
        .select({
          dossierId: dossierItems.dossierId,
          state: dossierItems.state,
          documentId: dossierItems.documentId,
          expiresOn: dossierItems.expiresOn,
          issuedOn: dossierItems.issuedOn,
        })
        .from(dossierItems)
        .where(
          and(
            inArray(
              dossierItems.dossierId,
              open.map((dossier) => dossier.id),
            ),
            isNull(dossierItems.droppedAt),
          ),
        )
    : [];
  return open.map((dossier) => ({ dossier, items: items.filter((item) => item.dossierId === dossier.id) }));
}

export async function getItemWithDossier({ itemId }: { itemId: number }) {
  const db = await getDb();
  const [row] = await db
    .select({ item: dossierItems, dossier: dossiers })
    .from(dossierItems)
    .innerJoin(dossiers, eq(dossiers.id, dossierItems.dossierId))
    .where(and(eq(dossierItems.id, itemId), isNull(dossierItems.droppedAt)));
  return row ?? null;
}

export async function getFileWithDossier({ fileId }: { fileId: number }) {
  const db = await getDb();
  const [row] = await db
    .select({ file: dossierFiles, item: dossierItems, dossier: dossiers })
    .from(dossierFiles)
    .innerJoin(dossierItems, eq(dossierItems.id, dossierFiles.itemId))
    .innerJoin(dossiers, eq(dossiers.id, dossierItems.dossierId))
    .where(eq(dossierFiles.id, fileId));
  return row ?? null;
}

export async function countFiles({ itemId }: { itemId: number }) {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(dossierFiles)
    .where(and(eq(dossierFiles.itemId, itemId), isNull(dossierFiles.refusedAt)));
  return Number(row?.n ?? 0);
}

/** The bytes stored for a dossier: every page of every item, refused pages and dropped items included (its quota). */
export async function storedBytesOfDossier({ dossierId }: { dossierId: number }) {
  const db = await getDb();
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${dossierFiles.bytes}), 0)::text` })
    .from(dossierFiles)
    .innerJoin(dossierItems, eq(dossierItems.id, dossierFiles.itemId))
    .where(eq(dossierItems.dossierId, dossierId));
  return Number(row?.bytes ?? 0);
}

/** Records a stored file and puts its item back to "received" (a refused item opens again). */
export async function insertFile(file: Omit<typeof dossierFiles.$inferInsert, 'id' | 'createdAt'>) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(dossierFiles).values(file).returning();
    await tx.update(dossierItems).set({ state: 'received', refusalReason: null, updatedAt: new Date() }).where(eq(dossierItems.id, file.itemId));
    return row!;
  });
}

export async function setItemState({ itemId, state }: { itemId: number; state: ItemState }) {
  const db = await getDb();
  await db.update(dossierItems).set({ state, updatedAt: new Date() }).where(eq(dossierItems.id, itemId));
}

/** An operator's verdict on an item. */
export async function reviewItem({ itemId, review }: { itemId: number; review: Review }) {
  const db = await getDb();
  const set =
    review.verdict === 'validate'
      ? { state: 'validated' as const, refusalReason: null, expiresOn: review.expiresOn ?? null, issuedOn: review.issuedOn ?? null }
      : review.verdict === 'to_check'
        ? { state: 'to_check' as const, refusalReason: null }
        : { state: 'refused' as const, refusalReason: review.reason };
  await db.transaction(async (tx) => {
    await tx
      .update(dossierItems)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(dossierItems.id, itemId));
    // The pages refused stay for the record (until retention) but leave the item: the client sends new ones.
    if (review.verdict === 'refuse') {
      await tx
        .update(dossierFiles)
        .set({ refusedAt: new Date() })
        .where(and(eq(dossierFiles.itemId, itemId), isNull(dossierFiles.refusedAt)));
    }
  });
}

export async function addItem({ dossierId, label }: { dossierId: number; label: string }) {
  const db = await getDb();
  const [last] = await db
    .select({ position: max(dossierItems.position) })
    .from(dossierItems)
    .where(eq(dossierItems.dossierId, dossierId));
  const [row] = await db
    .insert(dossierItems)
    .values({ dossierId, label, position: (last?.position ?? -1) + 1 })
    .returning();
  return row!;
}

export async function renameItem({ itemId, label }: { itemId: number; label: string }) {
  const db = await getDb();
  await db.update(dossierItems).set({ label, updatedAt: new Date() }).where(eq(dossierItems.id, itemId));
}

export async function dropItem({ itemId }: { itemId: number }) {
  const db = await getDb();
  await db.update(dossierItems).set({ droppedAt: new Date(), updatedAt: new Date() }).where(eq(dossierItems.id, itemId));
}

export async function updateDossier({ id, set }: { id: number; set: Partial<typeof dossiers.$inferInsert> }) {
  const db = await getDb();
  await db.update(dossiers).set(set).where(eq(dossiers.id, id));
}

/** The stored files of the dossiers of these people (erasure deletes them from storage). */
export async function listStorageKeysOfPeople(db: Pick<Db, 'select'>, personIds: number[]): Promise<string[]> {
  if (personIds.length === 0) return [];
  const rows = await db
    .select({ key: dossierFiles.storageKey })
    .from(dossierFiles)
    .innerJoin(dossierItems, eq(dossierItems.id, dossierFiles.itemId))
    .innerJoin(dossiers, eq(dossiers.id, dossierItems.dossierId))
    .where(inArray(dossiers.personId, personIds));
  return rows.map((row) => row.key);
}

/** Files of dossiers closed before `before`: their rows go, the caller deletes the stored files. */
export async function deleteFilesOfDossiersClosedBefore({ before }: { before: Date }): Promise<string[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const closed = tx
      .select({ id: dossierItems.id })
      .from(dossierItems)
      .innerJoin(dossiers, eq(dossiers.id, dossierItems.dossierId))
      .where(and(isNotNull(dossiers.closedAt), lt(dossiers.closedAt, before)));
    const rows = await tx.delete(dossierFiles).where(inArray(dossierFiles.itemId, closed)).returning({ key: dossierFiles.storageKey });
    return rows.map((row) => row.key);
  });
}

/** The newest open dossier of an address (a client asking for a new link). */
export async function findOpenDossierByEmail({ email }: { email: string }) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(dossiers)
    .where(and(eq(dossiers.email, email), isNull(dossiers.closedAt)))
    .orderBy(desc(dossiers.id))
    .limit(1);
  return row ?? null;
}
