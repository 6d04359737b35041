import type { DossierRow, ItemRow } from './queries';
import { POLICE_CERTIFICATE_MONTHS } from './validity';

/**
 * What keeps a dossier valid by its dates, for a given day (`now`, which tests control): a police
 * certificate issued too long before the submission, a passport that ends within the permit's
 * first year, documents still missing close to the target date, and once the permit is issued the
 * renewal window ahead (the first renewal is the agency's next sale). Dates are calendar days.
 */
export type DossierWarning =
  | { kind: 'police_too_old'; itemId: number; date: string }
  | { kind: 'passport_first_year'; itemId: number; date: string }
  | { kind: 'missing_before_target'; count: number; date: string }
  | { kind: 'renewal'; date: string; endsOn: string };

/** Days before the target date from which missing documents are a warning. */
export const MISSING_WARNING_DAYS = 30;
/** Days before a permit ends when its renewal should be filed (agency practice), and how early the reminder comes. */
export const RENEWAL_FILE_DAYS = 90;
export const RENEWAL_REMINDER_DAYS = 30;

const DAY = 86_400_000;
const toDay = (date: Date) => date.toISOString().slice(0, 10);
const parse = (day: string) => new Date(`${day}T00:00:00Z`);
const addMonths = (day: string, months: number) => {
  const date = parse(day);
  const wanted = date.getUTCMonth() + months;
  date.setUTCMonth(wanted);
  // 31 August + 6 months is the end of February, not 3 March.
  if (date.getUTCMonth() !== ((wanted % 12) + 12) % 12) date.setUTCDate(0);
  return toDay(date);
};
const addDays = (day: string, days: number) => toDay(new Date(parse(day).getTime() + days * DAY));

export function dossierWarnings({
  dossier,
  items,
  today,
}: {
  dossier: Pick<DossierRow, 'targetDate' | 'submittedAt' | 'permitEndsAt' | 'closedAt'>;
  items: Pick<ItemRow, 'id' | 'documentId' | 'state' | 'expiresOn' | 'issuedOn'>[];
  today: string;
}): DossierWarning[] {
  const warnings: DossierWarning[] = [];
  if (dossier.permitEndsAt) {
    const fileBy = addDays(dossier.permitEndsAt, -RENEWAL_FILE_DAYS);
    if (today >= addDays(fileBy, -RENEWAL_REMINDER_DAYS)) warnings.push({ kind: 'renewal', date: fileBy, endsOn: dossier.permitEndsAt });
  }
  // A closed dossier still has a renewal ahead; its documents no longer matter.
  if (dossier.closedAt) return warnings;
  const submission = dossier.submittedAt ?? dossier.targetDate;
  for (const item of items) {
    if (item.documentId === 'police_record' && item.issuedOn && !dossier.submittedAt) {
      const validUntil = addMonths(item.issuedOn, POLICE_CERTIFICATE_MONTHS);
      if (validUntil < submission) warnings.push({ kind: 'police_too_old', itemId: item.id, date: validUntil });
    }
    if (item.documentId === 'passport' && item.expiresOn) {
      const firstYearEnds = addMonths(dossier.targetDate, 12);
      if (item.expiresOn < firstYearEnds) warnings.push({ kind: 'passport_first_year', itemId: item.id, date: item.expiresOn });
    }
  }
  const missing = items.filter((item) => item.state !== 'validated').length;
  if (missing > 0 && !dossier.submittedAt && addDays(today, MISSING_WARNING_DAYS) >= dossier.targetDate) {
    warnings.push({ kind: 'missing_before_target', count: missing, date: dossier.targetDate });
  }
  return warnings;
}

/** The next date that matters: the earliest warning's, else the target date (before submission) or the renewal's. */
export function nextDate({
  dossier,
  warnings,
}: {
  dossier: Pick<DossierRow, 'targetDate' | 'submittedAt' | 'permitEndsAt'>;
  warnings: DossierWarning[];
}): string | null {
  const dates = warnings.map((warning) => warning.date);
  if (!dossier.submittedAt) dates.push(dossier.targetDate);
  if (dossier.permitEndsAt) dates.push(addDays(dossier.permitEndsAt, -RENEWAL_FILE_DAYS));
  return dates.sort()[0] ?? null;
}
