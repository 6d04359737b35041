import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { dossierHref } from '@/lib/console-app/views';
import type { OpenDossierRow } from '@/lib/dossier/list';

/** The open dossiers: who, which permit, how complete, the next date and the warnings. */
export function DossierList({ rows }: { rows: OpenDossierRow[] }) {
  const t = useTranslations('AdminConsole.dossier');
  return (
    <section aria-labelledby="dossiers-title" className="mx-auto max-w-5xl space-y-3 p-4">
      <h2 id="dossiers-title" className="text-2xl font-semibold text-ocean-900">
        {t('listTitle')}
      </h2>
      {rows.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-300">
              <th className="py-2">{t('columns.person')}</th>
              <th>{t('columns.permit')}</th>
              <th>{t('columns.completeness')}</th>
              <th>{t('columns.next')}</th>
              <th>{t('columns.warnings')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-slate-200 align-top">
                <td className="py-2">
                  <Link href={dossierHref(row.id)} className="font-medium text-ocean-800 underline">
                    {row.who}
                  </Link>
                </td>
                <td>{row.permit}</td>
                <td>{t('completeness', { validated: row.validated, total: row.total })}</td>
                <td>{row.next ?? '—'}</td>
                <td>
                  {row.warnings.map((warning) => (
                    <p key={warning}>{warning}</p>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
