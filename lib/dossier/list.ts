import 'server-only';
import { inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { people } from '@/lib/db/schema';
import { mauritianDate } from '@/lib/time/mauritius';
import { warningText } from './present';
import { listOpenDossierRows } from './queries';
import { dossierTexts } from './texts';
import { dossierWarnings, nextDate } from './warnings';

export type OpenDossierRow = { id: number; who: string; permit: string; validated: number; total: number; next: string | null; warnings: string[] };

/** The open dossiers for the console's list, the daily digest and the follow-ups: soonest next date first. */
export async function listOpenDossiers({ now = new Date() }: { now?: Date } = {}): Promise<OpenDossierRow[]> {
  const rows = await listOpenDossierRows();
  const texts = dossierTexts('fr');
  const today = mauritianDate(now);
  const db = await getDb();
  const ids = [...new Set(rows.map((row) => row.dossier.personId))];
  const names = ids.length ? await db.select({ id: people.id, name: people.name }).from(people).where(inArray(people.id, ids)) : [];
  const listed = rows.map(({ dossier, items }) => {
    const warnings = dossierWarnings({ dossier, items: items.map((item, index) => ({ ...item, id: index })), today });
    const next = nextDate({ dossier, warnings });
    return {
      id: Number(dossier.id),
      who: names.find((person) => person.id === dossier.personId)?.name ?? dossier.email,
      permit: texts.permit(dossier.permit),
      validated: items.filter((item) => item.state === 'validated').length,
      total: items.length,
      nextIso: next,
      next: next ? texts.day(next) : null,
      warnings: warnings.map((warning) => warningText(warning, texts)),
    };
  });
  listed.sort((a, b) => (a.nextIso ?? '9999').localeCompare(b.nextIso ?? '9999'));
  return listed.map((row) => ({
    id: row.id,
    who: row.who,
    permit: row.permit,
    validated: row.validated,
    total: row.total,
    next: row.next,
    warnings: row.warnings,
  }));
}
