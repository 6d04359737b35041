import 'server-only';
import { messagesFor } from '@/lib/i18n/messages';
import { DEFAULT_LOCALE } from '@/lib/i18n/routing';
import { todayInMauritius } from '@/lib/time/mauritius';
import { auditCsv } from './csv';
import { readAuditFilter } from './filter';
import { listAuditEntriesForExport } from './queries';

/** The CSV answer of the journal's export for a request's query, with what the entry of the export records. */
export async function auditExportResponse(url: URL) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the file holds every page
  const { page: _page, ...filter } = readAuditFilter(url.searchParams);
  const entries = await listAuditEntriesForExport(filter);
  const csv = auditCsv(entries, messagesFor(DEFAULT_LOCALE).AdminConsole.audit);
  const response = new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="journal-${todayInMauritius()}.csv"`,
    },
  });
  const recorded = Object.fromEntries(Object.entries(filter).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return { response, rows: entries.length, filter: recorded };
}
