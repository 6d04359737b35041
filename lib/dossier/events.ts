import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { people } from '@/lib/db/schema';
import { mailComplete, mailRefusal } from './mail';
import { getDossierRows, getItemWithDossier } from './queries';
import { dossierTexts } from './texts';

// What lib/subscribers.ts runs after a dossier's events: the client's mails, and the names the operators' pushes show.

/** How the operators' push names the dossier's person and the item (console French). */
export async function describeUpload({ itemId }: { itemId: number }) {
  const found = await getItemWithDossier({ itemId });
  if (!found) return null;
  const db = await getDb();
  const [person] = await db.select({ name: people.name }).from(people).where(eq(people.id, found.dossier.personId));
  return { who: person?.name ?? found.dossier.email, item: dossierTexts('fr').itemLabel(found.item) };
}

export async function tellClientOfRefusal({ itemId }: { itemId: number }) {
  const found = await getItemWithDossier({ itemId });
  if (!found || found.item.state !== 'refused') return;
  const texts = dossierTexts(found.dossier.locale);
  await mailRefusal(found.dossier, { label: texts.itemLabel(found.item), reason: texts.reason(found.item.refusalReason) });
}

export async function tellClientComplete({ dossierId }: { dossierId: number }) {
  const rows = await getDossierRows({ id: dossierId });
  if (rows) await mailComplete(rows.dossier);
}
