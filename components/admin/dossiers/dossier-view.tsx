import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { personHref } from '@/lib/console-app/views';
import type { OperatorDossierDto, OperatorItemDto } from '@/lib/dossier/present';
import { AddItemForm, ItemEdit, ItemReview } from './item-review';
import { ClientAccess, type ClientSessions } from './client-access';
import { MilestonesForm } from './milestones-form';

const STATE_STYLE: Record<OperatorItemDto['state'], string> = {
  requested: 'bg-slate-100 text-slate-800',
  received: 'bg-ocean-100 text-ocean-900',
  to_check: 'bg-amber-100 text-amber-900',
  validated: 'bg-emerald-100 text-emerald-900',
  refused: 'bg-red-100 text-red-900',
};

const fileUrl = (id: number, inline: boolean) => `/api/admin/dossiers/files/${id}${inline ? '?inline=1' : ''}`;
const LANGUAGE_NAMES = new Intl.DisplayNames(['fr'], { type: 'language' });

/** A client's dossier as the operator reviews it: dates, warnings, each item with its pages previewed, milestones. */
export function DossierView({
  dossier,
  reasons,
  steps = [],
  sessions,
  admin,
}: {
  dossier: OperatorDossierDto;
  /** The operator is an admin: the archive's link is offered (lib/auth/roles.ts). */
  admin: boolean;
  reasons: Record<string, string>;
  steps?: { id: string; title: string; date: string; fits: boolean }[];
  sessions: ClientSessions;
}) {
  const t = useTranslations('AdminConsole.dossier');
  return (
    <article aria-labelledby="dossier-title" className="mx-auto max-w-5xl space-y-6 p-4">
      <header className="space-y-2">
        <h2 id="dossier-title" className="text-2xl font-semibold text-ocean-900">
          {t('title', { permit: dossier.permit })}
        </h2>
        <p className="text-sm text-slate-700">
          <Link href={personHref(String(dossier.personId))} className="text-ocean-800 underline">
            {t('person')}
          </Link>{' '}
          · {t('target', { date: dossier.targetDate })} · {t('clientLanguage', { language: LANGUAGE_NAMES.of(dossier.locale) ?? dossier.locale })} ·{' '}
          {dossier.email}
        </p>
        <p className="font-medium" data-testid="dossier-completeness">
          {t('completeness', { validated: dossier.validated, total: dossier.total })}
        </p>
        {dossier.closedAt && <p className="text-sm">{t('closed', { date: dossier.closedAt })}</p>}
        <div className="flex flex-wrap gap-2">
          {dossier.validated > 0 && !admin && <p className="self-center text-sm text-slate-700">{t('archiveAdminOnly')}</p>}
          {dossier.validated > 0 && admin && (
            <a
              href={`/api/admin/dossiers/${dossier.id}/archive`}
              download
              className="inline-flex min-h-11 items-center rounded-lg bg-ocean-700 px-4 font-semibold text-white"
            >
              {t('archive')}
            </a>
          )}
        </div>
      </header>
      <ClientAccess dossierId={dossier.id} email={dossier.email} closed={Boolean(dossier.closedAt)} sessions={sessions} />
      <section aria-labelledby="dossier-warnings" className="rounded-xl border border-amber-200 bg-amber-50 p-4">
        <h3 id="dossier-warnings" className="font-semibold text-amber-900">
          {t('warningsTitle')}
        </h3>
        {dossier.warnings.length === 0 ? (
          <p className="text-sm">{t('noWarnings')}</p>
        ) : (
          <ul className="list-disc pl-5 text-sm">
            {dossier.warnings.map((warning) => (
              <li key={warning.kind + warning.text}>{warning.text}</li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="dossier-items" className="space-y-3">
        <h3 id="dossier-items" className="text-xl font-semibold text-ocean-900">
          {t('items')}
        </h3>
        <ol className="space-y-3">
          {dossier.items.map((item) => (
            <li key={item.id} data-testid="dossier-item" data-item-id={item.id} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h4 className="font-semibold text-slate-900">{item.label}</h4>
                <span data-testid="item-state" className={`rounded-full px-3 py-1 text-sm font-semibold ${STATE_STYLE[item.state]}`}>
                  {item.stateText}
                </span>
              </div>
              {item.validity.length > 0 && (
                <ul className="text-sm text-slate-700">
                  {item.validity.map((rule) => (
                    <li key={rule.text}>
                      {rule.text}{' '}
                      {rule.checked ? (
                        rule.source ? (
                          <span className="text-slate-500">({rule.source})</span>
                        ) : null
                      ) : (
                        <strong className="text-amber-800">({t('toVerify')})</strong>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              {item.reason && <p className="text-sm text-red-800">{item.reason}</p>}
              {item.files.length === 0 ? (
                <p className="text-sm text-slate-600">{t('noFile')}</p>
              ) : (
                <ul className="flex flex-wrap gap-3">
                  {item.files.map((file) => (
                    <li key={file.id} className={`w-40 space-y-1 text-xs ${file.refused ? 'opacity-50' : ''}`}>
                      {file.mime.startsWith('image/') && file.mime !== 'image/heic' ? (
                        // eslint-disable-next-line @next/next/no-img-element -- an authenticated, never-cached answer: next/image's optimiser must not fetch it
                        <img
                          src={fileUrl(file.id, true)}
                          alt={t('preview', { name: file.name })}
                          className="h-32 w-40 rounded border border-slate-200 object-contain"
                        />
                      ) : (
                        <a
                          href={fileUrl(file.id, true)}
                          target="_blank"
                          rel="noopener"
                          className="flex h-32 w-40 items-center justify-center rounded border border-slate-200 bg-slate-50 text-ocean-800 underline"
                        >
                          {t('preview', { name: file.name })}
                        </a>
                      )}
                      <a href={fileUrl(file.id, false)} className="block truncate text-ocean-800 underline" download>
                        {t('download')} {file.name}
                      </a>
                      {file.refused && <span className="block text-red-800">{t('refusedPage')}</span>}
                    </li>
                  ))}
                </ul>
              )}
              {!dossier.closedAt && <ItemReview dossierId={dossier.id} item={item} reasons={reasons} />}
              {!dossier.closedAt && <ItemEdit dossierId={dossier.id} item={item} />}
            </li>
          ))}
        </ol>
        {!dossier.closedAt && <AddItemForm dossierId={dossier.id} />}
      </section>
      <section aria-labelledby="dossier-milestones" className="space-y-3">
        <h3 id="dossier-milestones" className="text-xl font-semibold text-ocean-900">
          {t('milestones')}
        </h3>
        <ul className="text-sm">
          {dossier.milestones.map((milestone) => (
            <li key={milestone.id}>
              {milestone.done ? '✓' : '○'} {milestone.text ?? milestone.title}
            </li>
          ))}
        </ul>
        <MilestonesForm dossier={dossier} />
      </section>
      {steps.length > 0 && (
        <section aria-labelledby="dossier-plan" className="space-y-2">
          <h3 id="dossier-plan" className="text-xl font-semibold text-ocean-900">
            {t('planTitle')}
          </h3>
          <ol className="space-y-1 text-sm">
            {steps.map((step) => (
              <li key={step.id} className={step.fits ? '' : 'text-red-800'}>
                <span className="font-medium">{step.date}</span> : {step.title}
              </li>
            ))}
          </ol>
        </section>
      )}
    </article>
  );
}
