import 'server-only';
import { and, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { dossiers, people } from '@/lib/db/schema';
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

/** What the operators' digest and follow-ups list: each open dossier's date warnings, and the renewals ahead of issued permits. */
export async function listDossierWarnings({ now = new Date() }: { now?: Date } = {}): Promise<{ id: number; who: string; text: string }[]> {
  const open = await listOpenDossiers({ now });
  const renewals = await listRenewalsAhead({ now });
  return [
    ...open.flatMap((row) => row.warnings.map((text) => ({ id: row.id, who: row.who, text }))),
    ...renewals.filter((renewal) => !open.some((row) => row.id === renewal.id)),
  ];
}

async function listRenewalsAhead({ now }: { now: Date }) {
  const db = await getDb();
  const today = mauritianDate(now);
  const texts = dossierTexts('fr');
  const issued = await db
    .select({ dossier: dossiers, name: people.name })
    .from(dossiers)
    .leftJoin(people, eq(people.id, dossiers.personId))
    .where(and(isNotNull(dossiers.closedAt), isNotNull(dossiers.permitEndsAt), gte(dossiers.permitEndsAt, today)))
    .limit(500);
  return issued.flatMap(({ dossier, name }) =>
    dossierWarnings({ dossier, items: [], today }).map((warning) => ({
      id: Number(dossier.id),
      who: name ?? dossier.email,
      text: warningText(warning, texts),
    })),
  );
}
