import { getTranslations } from 'next-intl/server';
import { ConsoleLink } from '@/components/admin/shell/console-link';
import { detailText } from '@/lib/audit/csv';
import { auditQuery, type AuditFilter } from '@/lib/audit/filter';
import type { AuditEntry } from '@/lib/audit/queries';
import { VIEW_HREF } from '@/lib/console-app/views';
import { DEFAULT_LOCALE } from '@/lib/i18n/routing';
import { mauritianDateTime } from '@/lib/time/mauritius';
import { AuditFilters } from './audit-filters';

const LINK = 'inline-flex min-h-11 items-center rounded-lg border border-slate-400 px-4 font-semibold text-slate-900 hover:bg-slate-100';
const CELL = 'px-3 py-2 align-top break-words';

type Props = { filter: AuditFilter; page: { entries: AuditEntry[]; total: number; pageSize: number }; operators: string[]; retentionDays: number };

/** The journal: its filters, the CSV of what they select, one page of entries (newest first) and the links between pages. */
export async function AuditView({ filter, page, operators, retentionDays }: Props) {
  const t = await getTranslations({ locale: DEFAULT_LOCALE, namespace: 'AdminConsole.audit' });
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const columns = ['at', 'action', 'operator', 'target', 'detail', 'address', 'session'] as const;
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-ocean-900">{t('title')}</h2>
        <p className="mt-1 text-sm text-slate-700">{t('intro', { days: retentionDays })}</p>
      </div>
      <AuditFilters filter={filter} operators={operators} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p data-testid="audit-count" className="font-semibold text-slate-900">
          {t('count', { count: page.total })}
        </p>
        {/* A plain link: the route answers a file the browser downloads. */}
        <a href={`/api/admin/audit/export${auditQuery(filter)}`} download className={LINK}>
          {t('export')}
        </a>
      </div>
      {page.entries.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-800">{t('empty')}</p>
      ) : (
        // Scrolls sideways on a phone; focusable so that the keyboard scrolls it too.
        <div role="region" aria-labelledby="audit-caption" tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full min-w-[44rem] table-fixed text-left text-sm">
            <caption id="audit-caption" className="sr-only">
              {t('tableCaption')}
            </caption>
            <thead className="bg-slate-100 text-slate-900">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className={`${CELL} font-semibold`}>
                    {t(`columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 text-slate-900">
              {page.entries.map((entry) => (
                <tr key={entry.id} data-testid="audit-entry" data-action={entry.action} data-target={entry.target ?? ''}>
                  <td className={`${CELL} whitespace-nowrap tabular-nums`}>{mauritianDateTime(entry.at)}</td>
                  <td className={CELL}>{t(`actions.${entry.action}`)}</td>
                  <td className={CELL}>{entry.operatorEmail ?? t('noOperator')}</td>
                  <td className={`${CELL} font-mono`}>{entry.target ?? ''}</td>
                  <td className={`${CELL} font-mono`}>{detailText(entry.detail)}</td>
                  <td className={`${CELL} font-mono`}>{entry.address ?? ''}</td>
                  <td className={`${CELL} font-mono`}>{entry.sessionRef ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav aria-label={t('pages')} className="flex flex-wrap items-center gap-3">
          {filter.page > 1 && (
            <ConsoleLink href={`${VIEW_HREF.audit}${auditQuery(filter, filter.page - 1)}`} rel="prev" className={LINK}>
              {t('previous')}
            </ConsoleLink>
          )}
          <span className="text-slate-800">{t('pageOf', { page: Math.min(filter.page, pages), pages })}</span>
          {filter.page < pages && (
            <ConsoleLink href={`${VIEW_HREF.audit}${auditQuery(filter, filter.page + 1)}`} rel="next" className={LINK}>
              {t('next')}
            </ConsoleLink>
          )}
        </nav>
      )}
    </div>
  );
}
