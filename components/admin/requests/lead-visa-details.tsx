import { useTranslations } from 'next-intl';
import type { LeadDto } from '@/lib/leads/admin-queries';

const H3 = 'text-base font-semibold text-ocean-900';
const ROW = 'flex flex-wrap gap-x-2';

/** The visa finder's answers and recommendation; details of another shape are shown as stored text. */
export function LeadVisaDetails({ lead }: { lead: LeadDto }) {
  const t = useTranslations('AdminConsole.leads');
  if (lead.source !== 'visa' || lead.details === null) return null;
  const { visa } = lead;
  return (
    <section aria-labelledby="lead-visa-title" className="border-t border-slate-200 px-4 py-3">
      <h3 id="lead-visa-title" className={H3}>
        {t('visaTitle')}
      </h3>
      {visa ? (
        <dl className="mt-2 space-y-1 text-sm">
          {visa.answers.map((answer) => (
            <div key={answer.label} className={ROW}>
              <dt className="text-slate-700">{answer.label} :</dt>
              <dd className="font-medium break-words text-slate-900">{answer.value}</dd>
            </div>
          ))}
          {visa.recommended && (
            <div className={ROW}>
              <dt className="text-slate-700">{t('recommended')} :</dt>
              <dd className="font-semibold break-words text-ocean-900">{visa.recommended}</dd>
            </div>
          )}
          {visa.alternatives.length > 0 && (
            <div className={ROW}>
              <dt className="text-slate-700">{t('alternatives')} :</dt>
              <dd className="break-words text-slate-900">{visa.alternatives.join(', ')}</dd>
            </div>
          )}
        </dl>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">{t('rawDetails')}</p>
          <pre className="mt-1 overflow-x-auto rounded-lg bg-slate-50 p-3 text-xs whitespace-pre-wrap text-slate-900">
            {JSON.stringify(lead.details, null, 2)}
          </pre>
        </>
      )}
    </section>
  );
}
