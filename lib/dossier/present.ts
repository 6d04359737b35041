import 'server-only';
import { mauritianDate } from '@/lib/time/mauritius';
import { getDossierRows, type DossierRow, type FileRow, type ItemRow } from './queries';
import { dossierTexts, type DossierTexts } from './texts';
import type { ItemState } from './types';
import { DATED_DOCUMENTS, POLICE_CERTIFICATE_MONTHS } from './validity';
import { dossierWarnings, nextDate, type DossierWarning } from './warnings';

// What a dossier page shows, in one language: the client's (their own language) and the operator's
// (French, with the files and the review). Dates are formatted here; ids stay numbers.

export type MilestoneDto = { id: 'complete' | 'submitted' | 'decision' | 'issued'; title: string; text: string | null; done: boolean };
export type ValidityDto = { text: string; checked: boolean; source: string | null };

function milestones(dossier: DossierRow, texts: DossierTexts): MilestoneDto[] {
  const { t, day } = texts;
  return [
    {
      id: 'complete',
      title: t('milestones.complete'),
      text: dossier.completeAt ? t('milestones.doneOn', { date: day(mauritianDate(dossier.completeAt)) }) : null,
      done: Boolean(dossier.completeAt),
    },
    {
      id: 'submitted',
      title: t('milestones.submitted'),
      text: dossier.submittedAt ? t('milestones.submittedWith', { date: day(dossier.submittedAt), reference: dossier.edbReference ?? '' }) : null,
      done: Boolean(dossier.submittedAt),
    },
    {
      id: 'decision',
      title: t('milestones.decision'),
      text: dossier.decidedAt
        ? t(dossier.decision === 'refused' ? 'milestones.refusedDecision' : 'milestones.approved', { date: day(dossier.decidedAt) })
        : null,
      done: Boolean(dossier.decidedAt),
    },
    {
      id: 'issued',
      title: t('milestones.issued'),
      text: dossier.permitEndsAt ? t('milestones.issuedUntil', { date: day(dossier.permitEndsAt) }) : null,
      done: Boolean(dossier.permitIssuedAt),
    },
  ];
}

export function warningText(warning: DossierWarning, texts: DossierTexts): string {
  switch (warning.kind) {
    case 'police_too_old':
      return texts.t('warnings.police_too_old', { months: POLICE_CERTIFICATE_MONTHS, date: texts.day(warning.date) });
    case 'passport_first_year':
      return texts.t('warnings.passport_first_year', { date: texts.day(warning.date) });
    case 'missing_before_target':
      return texts.t('warnings.missing_before_target', { count: warning.count, date: texts.day(warning.date) });
    case 'renewal':
      return texts.t('warnings.renewal', { date: texts.day(warning.date), endsOn: texts.day(warning.endsOn) });
  }
}

function validity(item: ItemRow, texts: DossierTexts): ValidityDto[] {
  return texts.validity(item.documentId).map((rule) => ({
    text: rule.text,
    checked: rule.checked,
    source: rule.source
      ? `${rule.source.ids}${rule.source.asOf ? `, ${texts.day(rule.source.asOf.length === 10 ? rule.source.asOf : `${rule.source.asOf}-01`.slice(0, 10))}` : ''}`
      : null,
  }));
}

function summary(rows: { dossier: DossierRow; items: ItemRow[] }, texts: DossierTexts, today: string) {
  const { dossier, items } = rows;
  const warnings = dossierWarnings({ dossier, items, today });
  const validated = items.filter((item) => item.state === 'validated').length;
  return {
    id: Number(dossier.id),
    permit: texts.permit(dossier.permit),
    targetDate: texts.day(dossier.targetDate),
    validated,
    total: items.length,
    /** What the client still has to send: asked for, or refused and asked again. */
    missing: items.filter((item) => item.state === 'requested' || item.state === 'refused').length,
    milestones: milestones(dossier, texts),
    warnings: warnings.map((warning) => ({ kind: warning.kind, text: warningText(warning, texts) })),
    next: nextDate({ dossier, warnings }),
    closed: Boolean(dossier.closedAt),
  };
}

export type ClientItemDto = {
  id: number;
  label: string;
  state: ItemState;
  stateText: string;
  reason: string | null;
  validity: ValidityDto[];
  pages: number;
  canUpload: boolean;
};

/** `locale`: the page's language (the client may switch it); the dossier's own otherwise. */
export async function presentForClient({ dossierId, locale, now = new Date() }: { dossierId: number; locale?: string; now?: Date }) {
  const rows = await getDossierRows({ id: dossierId });
  if (!rows) return null;
  const texts = dossierTexts(locale ?? rows.dossier.locale);
  const items: ClientItemDto[] = rows.items.map((item) => ({
    id: Number(item.id),
    label: texts.itemLabel(item),
    state: item.state,
    stateText: texts.t(`states.${item.state}`),
    reason: item.state === 'refused' ? texts.reason(item.refusalReason) : null,
    validity: validity(item, texts),
    pages: rows.files.filter((file) => file.itemId === item.id && !file.refusedAt).length,
    canUpload: item.state !== 'validated' && !rows.dossier.closedAt,
  }));
  return { locale: texts.locale, ...summary(rows, texts, mauritianDate(now)), items };
}

export type OperatorFileDto = { id: number; name: string; mime: string; bytes: number; at: string; refused: boolean };
export type OperatorItemDto = ClientItemDto & {
  documentId: string | null;
  dated: 'expires' | 'issued' | null;
  expiresOn: string | null;
  issuedOn: string | null;
  rawReason: string | null;
  files: OperatorFileDto[];
};

export async function presentForOperator({ dossierId, now = new Date() }: { dossierId: number; now?: Date }) {
  const rows = await getDossierRows({ id: dossierId });
  if (!rows) return null;
  const texts = dossierTexts('fr');
  const fileDto = (file: FileRow): OperatorFileDto => ({
    id: Number(file.id),
    name: file.name,
    mime: file.mime,
    bytes: Number(file.bytes),
    at: file.createdAt.toISOString(),
    refused: Boolean(file.refusedAt),
  });
  const items: OperatorItemDto[] = rows.items.map((item) => ({
    id: Number(item.id),
    documentId: item.documentId,
    label: texts.itemLabel(item),
    state: item.state,
    stateText: texts.t(`states.${item.state}`),
    reason: item.state === 'refused' ? texts.reason(item.refusalReason) : null,
    rawReason: item.refusalReason,
    validity: validity(item, texts),
    pages: rows.files.filter((file) => file.itemId === item.id && !file.refusedAt).length,
    canUpload: false,
    dated: item.documentId ? (DATED_DOCUMENTS[item.documentId as keyof typeof DATED_DOCUMENTS] ?? null) : null,
    expiresOn: item.expiresOn,
    issuedOn: item.issuedOn,
    files: rows.files.filter((file) => file.itemId === item.id).map(fileDto),
  }));
  const { dossier } = rows;
  return {
    ...summary(rows, texts, mauritianDate(now)),
    personId: Number(dossier.personId),
    permitId: dossier.permit,
    email: dossier.email,
    locale: dossier.locale,
    targetDateIso: dossier.targetDate,
    submittedAt: dossier.submittedAt,
    edbReference: dossier.edbReference,
    decision: dossier.decision,
    decidedAt: dossier.decidedAt,
    permitIssuedAt: dossier.permitIssuedAt,
    permitEndsAt: dossier.permitEndsAt,
    closedAt: dossier.closedAt ? mauritianDate(dossier.closedAt) : null,
    items,
  };
}
export type OperatorDossierDto = NonNullable<Awaited<ReturnType<typeof presentForOperator>>>;
export type ClientDossierDto = NonNullable<Awaited<ReturnType<typeof presentForClient>>>;
