'use client';

import { ConsoleLink } from '@/components/admin/shell/console-link';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, type ReactNode } from 'react';
import { BackToList } from '@/components/admin/shell/back-to-list';
import { useConsole } from '@/components/admin/shell/console-context';
import { isPhone, rememberOpenedFrom, takeReturnFocus } from '@/components/admin/shell/phone';
import { personHref, VIEW_HREF } from '@/lib/console-app/views';
import { PEOPLE_VIEWS, STAGES, type PeopleView, type Stage } from '@/lib/people/stages';
import { peopleQuery, type PersonSummaryDto } from './people-api';
import { PeopleSearch } from './people-search';
import { PersonList } from './person-list';

export const PEOPLE = VIEW_HREF.people;
export const FOLLOW_UPS = VIEW_HREF.followUps;

/** The address of a view of the list: the follow-ups have their own, the others are `?view=` of the people's. */
export function peopleListHref({ view, stage }: { view: PeopleView; stage?: Stage | null }) {
  const base = view === 'follow_up' ? FOLLOW_UPS : PEOPLE;
  const query = new URLSearchParams({ ...(view === 'follow_up' || view === 'open' ? {} : { view }), ...(stage ? { stage } : {}) }).toString();
  return query ? `${base}?${query}` : base;
}

interface Props {
  list: { people: PersonSummaryDto[]; total: number; nextChangeAt: string | null };
  view: PeopleView;
  stage: Stage | null;
  /** The person opened (the route's page shows them beside the list; on a phone instead of it). */
  selectedKey: string | null;
  children: ReactNode;
}

/** The people of one view (its filters are links and the address's query), and the person opened. */
export function PeopleFrame({ list, view, stage, selectedKey, children }: Props) {
  const t = useTranslations('AdminConsole.people');
  const router = useRouter();
  const pathname = usePathname();
  const { admin } = useConsole();
  const listHref = peopleListHref({ view, stage });
  const listOnly = selectedKey ? 'max-xs:hidden' : '';
  // The person's link keeps the view it was opened from: reload and back show the same list.
  const filterQuery = new URLSearchParams({ view, ...(stage ? { stage } : {}) }).toString();
  const hrefOf = (key: string) => `${personHref(key)}?${filterQuery}`;

  // A snooze that ends reopens its conversation: the list is read again at that moment.
  useEffect(() => {
    if (!list.nextChangeAt) return;
    const delay = Math.max(0, Date.parse(list.nextChangeAt) - Date.now()) + 1000;
    if (delay > 2 ** 31 - 1) return;
    const timer = window.setTimeout(() => router.refresh(), delay);
    return () => window.clearTimeout(timer);
  }, [list.nextChangeAt, router]);

  useEffect(() => {
    if (selectedKey) {
      // On a phone the list is hidden: the focus (and the page) go to the person's top.
      document.getElementById(isPhone() ? 'person-back' : 'person-title')?.focus({ preventScroll: !isPhone() });
      return;
    }
    const item = takeReturnFocus(listHref);
    if (item) document.querySelector<HTMLElement>(`[data-person-key="${CSS.escape(item)}"]`)?.focus();
  }, [selectedKey, listHref, pathname]);

  return (
    <div className="space-y-4">
      <div className={listOnly}>
        <PeopleSearch />
      </div>
      <div className={`flex flex-wrap items-end gap-4 ${listOnly}`}>
        <nav aria-label={t('viewsLabel')}>
          <ul className="flex flex-wrap gap-1">
            {PEOPLE_VIEWS.map((item) => (
              <li key={item}>
                <ConsoleLink
                  href={peopleListHref({ view: item, stage })}
                  aria-current={view === item ? 'page' : undefined}
                  className={`inline-flex min-h-11 items-center rounded-lg border px-3 text-sm font-semibold ${
                    view === item ? 'border-ocean-700 bg-ocean-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
                  }`}
                >
                  {t(`views.${item}`)}
                </ConsoleLink>
              </li>
            ))}
          </ul>
        </nav>
        <label className="flex flex-col text-sm font-medium text-slate-800">
          {t('stageFilter')}
          <select
            value={stage ?? ''}
            onChange={(event) => router.push(peopleListHref({ view, stage: (event.target.value || null) as Stage | null }))}
            className="mt-1 min-h-11 rounded-lg border border-slate-400 bg-white px-2"
          >
            <option value="">{t('allStages')}</option>
            {STAGES.map((item) => (
              <option key={item} value={item}>
                {t(`stages.${item}`)}
              </option>
            ))}
          </select>
        </label>
        {admin ? (
          <a
            href={`/api/admin/people/export?${peopleQuery({ view, stage })}`}
            download
            className="inline-flex min-h-11 items-center rounded-lg border border-ocean-700 px-4 text-sm font-semibold text-ocean-800 hover:bg-ocean-50"
          >
            {t('exportCsv')}
          </a>
        ) : (
          <p className="text-sm text-slate-700">{t('exportAdminOnly')}</p>
        )}
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[minmax(16rem,24rem)_minmax(0,1fr)]">
        <div className={`contents ${listOnly}`}>
          <PersonList people={list.people} total={list.total} selectedKey={selectedKey} hrefOf={hrefOf} onOpen={(key) => rememberOpenedFrom(listHref, key)} />
        </div>
        <div className={`min-w-0 space-y-2 ${selectedKey ? '' : 'max-xs:hidden'}`}>
          {selectedKey && <BackToList id="person-back" list={listHref} item={selectedKey} label={t('backToList')} />}
          {children}
        </div>
      </div>
    </div>
  );
}
