'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { fetchApi } from '@/lib/api/api-error';
import type { DashboardDto } from '@/lib/people/dashboard-queries';
import { STAGES } from '@/lib/people/stages';
import type { FailureHandler } from './use-once-per-outage';
import { useLanguageName } from './use-language-name';

type Series = { label: string; values: (number | null)[] };

const DAY = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const weekLabel = (monday: string) => DAY.format(new Date(`${monday}T00:00:00Z`));

/** The Monday numbers: each chart (bars of its first series) sits beside a table with its numbers. */
export function DashboardView({ active, onFailure }: { active: boolean; onFailure: FailureHandler }) {
  const t = useTranslations('AdminConsole.dashboard');
  const tp = useTranslations('AdminConsole.people');
  const languageName = useLanguageName();
  const [data, setData] = useState<DashboardDto | null>(null);

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    fetchApi('/api/admin/dashboard')
      .then((response) => response.json() as Promise<DashboardDto>)
      .then((answer) => !cancelled && setData(answer))
      .catch((error: unknown) => onFailure(error, t('loadFailed')));
    return () => {
      cancelled = true;
    };
  }, [active, onFailure, t]);

  if (!data) return <p className="text-slate-700">{t('loading')}</p>;
  const sections: { id: string; title: string; series: Series[] }[] = [
    { id: 'conversations', title: t('conversations'), series: [{ label: t('conversations'), values: data.conversations }] },
    {
      id: 'requests',
      title: t('requests'),
      series: [
        { label: tp('sourceNames.contact'), values: data.requests.contact },
        { label: tp('sourceNames.visa'), values: data.requests.visa },
      ],
    },
    { id: 'visa', title: t('visaChecks'), series: [{ label: t('visaChecks'), values: data.visaChecks }] },
    { id: 'answer', title: t('firstAnswer'), series: [{ label: t('minutes'), values: data.medianFirstAnswerMinutes }] },
    { id: 'languages', title: t('languages'), series: Object.entries(data.languages).map(([locale, values]) => ({ label: languageName(locale), values })) },
    { id: 'stages', title: t('stages'), series: STAGES.map((stage) => ({ label: tp(`stages.${stage}`), values: data.stages[stage] })) },
  ];
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-semibold text-ocean-900">{t('title')}</h2>
      {sections.map((section) => (
        <WeeklySection key={section.id} id={section.id} title={section.title} weeks={data.weeks} series={section.series} weekHeader={t('week')} />
      ))}
      <section aria-labelledby="dashboard-pages" className="rounded-xl border border-slate-200 bg-white p-4">
        <h3 id="dashboard-pages" className="font-semibold text-slate-900">
          {t('pages')}
        </h3>
        <table className="mt-2 text-sm">
          <caption className="sr-only">{t('pages')}</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-4 text-left">
                {t('page')}
              </th>
              <th scope="col" className="text-right">
                {t('count')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.pages.map((row) => (
              <tr key={row.page}>
                <th scope="row" className="pr-4 text-left font-normal">
                  {row.page}
                </th>
                <td className="text-right">{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

function WeeklySection({ id, title, weeks, series, weekHeader }: { id: string; title: string; weeks: string[]; series: Series[]; weekHeader: string }) {
  const first = series[0]?.values ?? [];
  const max = Math.max(1, ...first.map((value) => value ?? 0));
  return (
    <section aria-labelledby={`dashboard-${id}`} className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 id={`dashboard-${id}`} className="font-semibold text-slate-900">
        {title}
      </h3>
      <div className="mt-2 grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <div aria-hidden="true" className="flex h-32 items-end gap-1 border-b border-slate-300">
          {first.map((value, index) => (
            <div key={weeks[index]} className="flex-1 bg-ocean-700" style={{ height: `${((value ?? 0) / max) * 100}%` }} />
          ))}
        </div>
        {/* Twelve weeks are wider than a phone: the table scrolls sideways (with the keyboard too) rather than breaking its dates. */}
        <div tabIndex={0} role="group" aria-labelledby={`dashboard-${id}`} className="overflow-x-auto">
          <table className="text-sm whitespace-nowrap [overflow-wrap:normal]" data-testid={`dashboard-table-${id}`}>
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="pr-3 text-left">
                  {weekHeader}
                </th>
                {weeks.map((monday) => (
                  <th key={monday} scope="col" className="px-1 text-right font-medium">
                    {weekLabel(monday)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {series.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="pr-3 text-left font-normal">
                    {row.label}
                  </th>
                  {row.values.map((value, index) => (
                    <td key={weeks[index]} className="px-1 text-right">
                      {value ?? '–'}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
