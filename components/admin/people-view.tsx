'use client';

import { ArrowLeft } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { PEOPLE_VIEWS, STAGES, type Stage } from '@/lib/people/stages';
import { peopleQuery } from './people-api';
import { PeopleSearch } from './people-search';
import { PersonList } from './person-list';
import { PersonPane } from './person-pane';
import type { FailureHandler } from './use-once-per-outage';
import type { usePeople } from './use-people';

interface Props {
  people: ReturnType<typeof usePeople>;
  onOpenSession: (sessionId: string) => void;
  onFailure: FailureHandler;
  onOpenPerson: (key: string) => void;
  /** On a phone a person opened covers the list, until the back button. */
  detailOpen: boolean;
  onBack: () => void;
}

export function PeopleView({ people, onOpenSession, onFailure, onOpenPerson, detailOpen, onBack }: Props) {
  const t = useTranslations('AdminConsole.people');
  const { view, setView, stage, setStageFilter } = people;
  const listOnly = detailOpen ? 'max-xs:hidden' : '';
  return (
    <div className="space-y-4">
      <div className={listOnly}>
        <PeopleSearch onOpenPerson={onOpenPerson} onFailure={onFailure} />
      </div>
      <div className={`flex flex-wrap items-end gap-4 ${listOnly}`}>
        <div role="group" aria-label={t('viewsLabel')} className="flex flex-wrap gap-1">
          {PEOPLE_VIEWS.map((item) => (
            <button
              key={item}
              type="button"
              aria-pressed={view === item}
              onClick={() => setView(item)}
              className={`inline-flex min-h-10 items-center rounded-lg border px-3 text-sm font-semibold ${
                view === item ? 'border-ocean-700 bg-ocean-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
              }`}
            >
              {t(`views.${item}`)}
            </button>
          ))}
        </div>
        <label className="flex flex-col text-sm font-medium text-slate-800">
          {t('stageFilter')}
          <select
            value={stage ?? ''}
            onChange={(event) => setStageFilter((event.target.value || null) as Stage | null)}
            className="mt-1 min-h-10 rounded-lg border border-slate-400 bg-white px-2"
          >
            <option value="">{t('allStages')}</option>
            {STAGES.map((item) => (
              <option key={item} value={item}>
                {t(`stages.${item}`)}
              </option>
            ))}
          </select>
        </label>
        <a
          href={`/api/admin/people/export?${peopleQuery({ view, stage })}`}
          download
          className="inline-flex min-h-10 items-center rounded-lg border border-ocean-700 px-4 text-sm font-semibold text-ocean-800 hover:bg-ocean-50"
        >
          {t('exportCsv')}
        </a>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[minmax(16rem,24rem)_minmax(0,1fr)]">
        <div className={`contents ${listOnly}`}>
          <PersonList people={people.people} total={people.total} selectedKey={people.selectedKey} onSelect={onOpenPerson} />
        </div>
        <div className={`min-w-0 space-y-2 ${detailOpen ? '' : 'max-xs:hidden'}`}>
          <button
            id="person-back"
            type="button"
            onClick={onBack}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-100 xs:hidden"
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
            {t('backToList')}
          </button>
          <PersonPane key={people.detail?.person.key ?? 'none'} people={people} onOpenSession={onOpenSession} />
        </div>
      </div>
    </div>
  );
}
