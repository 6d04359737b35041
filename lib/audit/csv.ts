import { toCsv } from '@/lib/csv';
import { mauritianDateTime } from '@/lib/time/mauritius';
import type { AuditAction, AuditDetail } from './actions';
import type { AuditEntry } from './queries';

/** The column titles and action names, from the console's texts (AdminConsole.audit). */
export type AuditCsvTexts = {
  columns: { at: string; action: string; operator: string; address: string; session: string; target: string; detail: string };
  actions: Record<AuditAction, string>;
};

/** `rows=12; view=open`: a detail as one cell. */
export const detailText = (detail: AuditDetail) =>
  Object.entries(detail)
    .map(([key, value]) => `${key}=${value}`)
    .join('; ');

/** The journal as the people CSV is written: UTF-8 with BOM, CRLF, formulas neutralised, Mauritius time. */
export function auditCsv(entries: AuditEntry[], texts: AuditCsvTexts): string {
  const { columns } = texts;
  const header = [columns.at, columns.action, columns.operator, columns.address, columns.session, columns.target, columns.detail];
  const rows = entries.map((entry) => [
    mauritianDateTime(entry.at),
    texts.actions[entry.action] ?? entry.action,
    entry.operatorEmail,
    entry.address,
    entry.sessionRef,
    entry.target,
    detailText(entry.detail),
  ]);
  return toCsv([header, ...rows]);
}
