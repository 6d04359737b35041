import 'server-only';
import { asc, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { dossierFiles, dossierItems, dossiers } from '@/lib/db/schema';

/** A person's dossiers for the export of their data: every column but the storage keys. */
export async function exportDossiersOfPeople(personIds: number[]) {
  if (personIds.length === 0) return [];
  const db = await getDb();
  const rows = await db.select().from(dossiers).where(inArray(dossiers.personId, personIds)).orderBy(asc(dossiers.id));
  const ids = rows.map((row) => row.id);
  const items = ids.length ? await db.select().from(dossierItems).where(inArray(dossierItems.dossierId, ids)).orderBy(asc(dossierItems.position)) : [];
  const itemIds = items.map((item) => item.id);
  const files = itemIds.length ? await db.select().from(dossierFiles).where(inArray(dossierFiles.itemId, itemIds)).orderBy(asc(dossierFiles.id)) : [];
  return rows.map((dossier) => ({
    ...dossier,
    id: Number(dossier.id),
    personId: Number(dossier.personId),
    items: items
      .filter((item) => item.dossierId === dossier.id)
      .map((item) => ({
        ...item,
        id: Number(item.id),
        dossierId: Number(item.dossierId),
        files: files
          .filter((file) => file.itemId === item.id)
          .map((file) => ({
            id: Number(file.id),
            name: file.name,
            mime: file.mime,
            bytes: Number(file.bytes),
            sha256: file.sha256,
            createdAt: file.createdAt,
          })),
      })),
  }));
}
