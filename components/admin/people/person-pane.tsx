'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/components/admin/shell/format';
import { PersonAddress } from '@/components/admin/people/person-address';
import { PersonConversations } from '@/components/admin/people/person-conversations';
import { PersonFollowUpForm, PersonNoteForm, PersonStageForm } from '@/components/admin/people/person-forms';
import { PersonMerge } from '@/components/admin/people/person-merge';
import { PersonRectify } from '@/components/admin/people/person-rectify';
import { PersonTimeline } from '@/components/admin/people/person-timeline';
import { useLanguageName } from '@/components/admin/conversations/use-language-name';
import { usePersonActs } from '@/components/admin/people/use-person-acts';
import type { PersonDetailDto } from '@/components/admin/people/people-api';

/** The prompt beside the list before a person is opened. */
export function PersonPrompt() {
  const t = useTranslations('AdminConsole.people');
  return (
    <section aria-label={t('paneLabel')} className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
      {t('selectPrompt')}
    </section>
  );
}

export function PersonPane({ detail, dossiers }: { detail: PersonDetailDto; dossiers?: ReactNode }) {
  const t = useTranslations('AdminConsole.people');
  const languageName = useLanguageName();
  const people = usePersonActs();
  const { person, timeline } = detail;
  const facts: [string, string][] = [
    [t('email'), person.email ?? t('unknown')],
    [t('phone'), person.phone ?? t('unknown')],
    [t('language'), languageName(person.locale)],
    [t('firstPage'), person.firstPage ?? t('unknown')],
    [t('firstSeen'), formatDateTime(person.firstSeenAt)],
    [t('sources'), person.sources.map((source) => t(`sourceNames.${source}`)).join(', ')],
    [t('stage'), person.stage === 'lost' && person.lostReason ? `${t('stages.lost')} (${person.lostReason})` : t(`stages.${person.stage}`)],
  ];
  return (
    <section aria-labelledby="person-title" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="person-title" tabIndex={-1} className="text-xl font-semibold text-ocean-900">
        {person.label}
      </h2>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <PersonAddress detail={detail} people={people} />
      <PersonConversations person={person} people={people} />
      {dossiers}
      <div className="grid gap-4 lg:grid-cols-2">
        <PersonStageForm person={person} people={people} />
        <PersonFollowUpForm person={person} people={people} />
      </div>
      <PersonNoteForm person={person} people={people} />
      <PersonRectify key={`${person.name}|${person.email}|${person.phone}`} person={person} people={people} />
      <PersonMerge person={person} people={people} />
      <PersonTimeline timeline={timeline} />
    </section>
  );
}
