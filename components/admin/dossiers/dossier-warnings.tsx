import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { dossierHref } from '@/lib/console-app/views';

/** The dossiers' date warnings on the follow-ups view (nothing when there are none). */
export function DossierWarnings({ rows }: { rows: { id: number; who: string; text: string }[] }) {
  const t = useTranslations('AdminConsole.dossier');
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="dossier-warnings-title" className="mx-4 mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <h2 id="dossier-warnings-title" className="font-semibold text-amber-900">
        {t('warningsTitle')}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {rows.map((row) => (
          <li key={`${row.id}:${row.text}`}>
            <Link href={dossierHref(row.id)} className="font-medium text-ocean-800 underline">
              {row.who}
            </Link>{' '}
            : {row.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
