'use client';

import { useTranslations } from 'next-intl';
import type { BackupStatusDto } from '@/lib/backup/status';
import type { DashboardDto } from '@/lib/people/dashboard-queries';
import { BackupStatus } from './backup-status';
import { STAGES } from '@/lib/people/stages';
import { useLanguageName } from '@/components/admin/conversations/use-language-name';

type Series = { label: string; values: (number | null)[] };
/** A chart (of `chart`, else of the first series) beside the table of every series; `note` says how it is counted. */
type Section = { id: string; title: string; note?: string; chart?: number[]; series: Series[] };

const DAY = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const weekLabel = (monday: string) => DAY.format(new Date(`${monday}T00:00:00Z`));

/** The Monday numbers: each chart (bars of its first series) sits beside a table with its numbers. */
export function DashboardView({ data, backup }: { data: DashboardDto; backup: BackupStatusDto }) {
  const t = useTranslations('AdminConsole.dashboard');
  const tp = useTranslations('AdminConsole.people');
  const languageName = useLanguageName();
  const pageName = (row: DashboardDto['pages'][number]) =>
    row.kind === 'page' ? row.page : row.kind === 'other' ? t('otherPages') : tp(`sourceNames.${row.kind}`);
  const sections: Section[] = [
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
    {
      id: 'answer',
      title: t('firstAnswer'),
      note: t(`firstAnswerModes.${data.firstAnswerMode}`),
      series: [{ label: t('minutes'), values: data.medianFirstAnswerMinutes }],
    },
    {
      id: 'languages',
      title: t('languages'),
      chart: data.people,
      series: Object.entries(data.languages).map(([locale, values]) => ({ label: languageName(locale), values })),
    },
    { id: 'pages', title: t('pages'), chart: data.people, series: data.pages.map((row) => ({ label: pageName(row), values: row.counts })) },
    {
      id: 'stages',
      title: t('stages'),
      // "Nouveau" is where everyone starts (no change is recorded for it): the bars add up the stages reached.
      chart: data.weeks.map((_, week) => STAGES.reduce((total, stage) => total + (data.stages[stage][week] ?? 0), 0)),
      series: STAGES.map((stage) => ({ label: tp(`stages.${stage}`), values: data.stages[stage] })),
    },
  ];
  return (
    <div className="space-y-6">
      <BackupStatus status={backup} />
      <h2 className="text-lg font-semibold text-ocean-900">{t('title')}</h2>
      {sections.map((section) => (
        <WeeklySection key={section.id} section={section} weeks={data.weeks} weekHeader={t('week')} />
      ))}
    </div>
  );
}

function WeeklySection({ section, weeks, weekHeader }: { section: Section; weeks: string[]; weekHeader: string }) {
  const { id, title, note, series } = section;
  const first = section.chart ?? series[0]?.values ?? weeks.map(() => 0);
  const max = Math.max(1, ...first.map((value) => value ?? 0));
  return (
    <section aria-labelledby={`dashboard-${id}`} className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 id={`dashboard-${id}`} className="font-semibold text-slate-900">
        {title}
      </h3>
      {note && (
        <p className="text-sm text-slate-700" data-testid={`dashboard-note-${id}`}>
          {note}
        </p>
      )}
      <div className="mt-2 grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <div aria-hidden="true" className="flex h-32 items-end gap-1 border-b border-slate-300">
          {first.map((value, index) => (
            <div key={weeks[index]} className="flex-1 bg-ocean-700" style={{ height: `${((value ?? 0) / max) * 100}%` }} />
          ))}
        </div>
        {/* Twelve weeks are wider than a phone: the table scrolls sideways (with the keyboard too) rather than breaking its dates. */}
        <div tabIndex={0} role="group" aria-labelledby={`dashboard-${id}`} className="overflow-x-auto">
          <table className="text-sm whitespace-nowrap [overflow-wrap:normal]" data-testid={`dashboard-table-${id}`}>
            <caption className="sr-only">{note ? `${title} (${note})` : title}</caption>
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
