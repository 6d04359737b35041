import { getTranslations } from 'next-intl/server';
import type { ClientDossierDto } from '@/lib/dossier/present';
import type { Locale } from '@/lib/i18n/routing';
import { signOutAction } from './actions';
import { ItemUpload } from './item-upload';
import type { UploadLabels } from './types';

const STATE_STYLE: Record<ClientDossierDto['items'][number]['state'], string> = {
  requested: 'bg-slate-100 text-slate-800',
  received: 'bg-ocean-100 text-ocean-900',
  to_check: 'bg-amber-100 text-amber-900',
  validated: 'bg-emerald-100 text-emerald-900',
  refused: 'bg-red-100 text-red-900',
};

/** The client's dossier: what is needed and why, each item's state (with a refusal's reason), what is missing before the target date, the milestones. */
export async function ClientDossier({
  locale,
  dossier,
  maxMegabytes,
  retentionDays,
}: {
  locale: Locale;
  dossier: ClientDossierDto;
  maxMegabytes: number;
  retentionDays: number;
}) {
  const t = await getTranslations({ locale, namespace: 'Dossier' });
  const labels: UploadLabels = {
    choose: t('upload.choose'),
    camera: t('upload.camera'),
    sending: t.raw('upload.sending') as string,
    retrying: t.raw('upload.retrying') as string,
    done: t.raw('upload.done') as string,
    failed: t.raw('upload.failed') as string,
    errors: Object.fromEntries(
      (
        [
          'too_large',
          'type_refused',
          'name_mismatch',
          'truncated',
          'virus_found',
          'scan_unavailable',
          'empty',
          'too_many',
          'closed',
          'unauthorized',
          'busy',
          'not_found',
          'unavailable',
          'too_many_at_once',
          'quota_exceeded',
        ] as const
      ).map((code) => [code, t(`errors.${code}`)]),
    ),
  };
  labels.errors.network = labels.errors.unavailable!;
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-semibold text-ocean-900">{t('title', { permit: dossier.permit })}</h1>
        <p className="leading-7">{t('intro')}</p>
        <p className="font-medium">{t('targetDate', { date: dossier.targetDate })}</p>
        <p data-testid="dossier-progress">{t('progress', { validated: dossier.validated, total: dossier.total })}</p>
        <p className="font-medium text-ocean-900">
          {dossier.missing > 0
            ? t('missingBefore', { count: dossier.missing, date: dossier.targetDate })
            : dossier.validated === dossier.total
              ? t('complete')
              : t('allReceived')}
        </p>
        {dossier.warnings.length > 0 && (
          <ul className="list-disc rounded-lg bg-amber-50 py-2 pr-3 pl-8 text-amber-900">
            {dossier.warnings.map((warning) => (
              <li key={warning.kind}>{warning.text}</li>
            ))}
          </ul>
        )}
      </header>
      <section aria-labelledby="documents-title" className="space-y-4">
        <h2 id="documents-title" className="text-2xl font-semibold text-ocean-900">
          {t('documentsTitle')}
        </h2>
        <p className="text-sm text-slate-600">{t('upload.help', { max: maxMegabytes })}</p>
        <ol className="space-y-4">
          {dossier.items.map((item) => (
            <li key={item.id} data-testid="client-item" data-item-id={item.id} className="space-y-2 rounded-xl border border-slate-200 p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{item.label}</h3>
                <span data-testid="item-state" className={`rounded-full px-3 py-1 text-sm font-semibold ${STATE_STYLE[item.state]}`}>
                  {item.stateText}
                </span>
              </div>
              {item.validity.length > 0 && (
                <div className="text-sm text-slate-700">
                  <p className="font-medium">{t('why')}</p>
                  <ul className="list-disc pl-5">
                    {item.validity.map((rule) => (
                      <li key={rule.text}>
                        {rule.text}
                        {!rule.checked && <em> ({t('toVerify')})</em>}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {item.reason && (
                <p data-testid="item-reason" className="font-medium text-red-800">
                  {t('refusedBecause', { reason: item.reason })}
                </p>
              )}
              <p className="text-sm text-slate-600">{t('pages', { count: item.pages })}</p>
              {item.canUpload && <ItemUpload itemId={item.id} labels={labels} />}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="milestones-title" className="space-y-2">
        <h2 id="milestones-title" className="text-2xl font-semibold text-ocean-900">
          {t('milestones.title')}
        </h2>
        <ol className="space-y-1">
          {dossier.milestones.map((milestone) => (
            <li key={milestone.id}>
              <span aria-hidden="true">{milestone.done ? '✓ ' : '○ '}</span>
              {milestone.text ?? `${milestone.title} (${t('milestones.pending')})`}
            </li>
          ))}
        </ol>
      </section>
      <p className="text-sm text-slate-600">{t('privacy', { days: retentionDays })}</p>
      <form action={signOutAction} className="space-y-2 border-t border-slate-200 pt-4">
        <input type="hidden" name="locale" value={locale} />
        <p className="text-sm text-slate-700">{t('session.signOutHelp')}</p>
        <button type="submit" className="min-h-11 rounded-lg border border-ocean-700 px-4 font-semibold text-ocean-800 hover:bg-ocean-50">
          {t('session.signOut')}
        </button>
      </form>
    </div>
  );
}
