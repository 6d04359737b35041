'use client';

import { ConsoleLink } from '@/components/admin/shell/console-link';
import { useTranslations } from 'next-intl';
import type { PersonSummaryDto } from '@/components/admin/people/people-api';
import { formatDateTime, formatRelativeTime } from '@/components/admin/shell/format';

interface Props {
  people: PersonSummaryDto[] | null;
  total: number;
  selectedKey: string | null;
  hrefOf: (key: string) => string;
  /** The link was followed: where the focus returns when the list shows again on a phone. */
  onOpen: (key: string) => void;
}

/** People by what an operator recognises: name or language and first page, last message, how long they have waited. */
export function PersonList({ people, total, selectedKey, hrefOf, onOpen }: Props) {
  const t = useTranslations('AdminConsole.people');
  return (
    <section aria-labelledby="people-title" className="flex min-h-0 flex-col rounded-xl border border-slate-200 bg-white">
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 id="people-title" className="text-lg font-semibold text-ocean-900">
          {t('listTitle')}
        </h2>
        <p className="text-sm text-slate-700" aria-live="polite">
          {people === null ? t('loading') : people.length === 0 ? t('none') : t('count', { count: total })}
        </p>
      </div>
      {people && people.length > 0 && (
        <ul aria-labelledby="people-title" className="max-h-[70vh] divide-y divide-slate-200 overflow-y-auto max-xs:max-h-none">
          {people.map((person) => (
            <li key={person.key}>
              <PersonItem person={person} selected={person.key === selectedKey} href={hrefOf(person.key)} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PersonItem({ person, selected, href, onOpen }: { person: PersonSummaryDto; selected: boolean; href: string; onOpen: (key: string) => void }) {
  const t = useTranslations('AdminConsole.people');
  const last = person.conversations[0];
  return (
    <ConsoleLink
      href={href}
      onClick={() => onOpen(person.key)}
      aria-current={selected ? 'page' : undefined}
      data-person-key={person.key}
      className={`block w-full px-4 py-3 text-left hover:bg-ocean-50 ${selected ? 'bg-ocean-100' : ''}`}
    >
      <span className="flex items-baseline justify-between gap-2">
        <span className="font-semibold text-slate-900">{person.label}</span>
        <span className="shrink-0 text-xs text-slate-700">{t(`stages.${person.stage}`)}</span>
      </span>
      {last && <span className="mt-1 block truncate text-sm text-slate-800">{last.lastMessage}</span>}
      <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-700">
        {person.waitingSince ? (
          <span className="rounded-full bg-coral-700 px-2 py-0.5 font-semibold text-white">
            {t('waiting', { since: formatRelativeTime(person.waitingSince) })}
          </span>
        ) : (
          <span>{t('lastActivity', { date: formatDateTime(person.lastActivityAt) })}</span>
        )}
        {person.followUpAt && <span>{t('followUpOn', { date: formatDateTime(person.followUpAt) })}</span>}
      </span>
    </ConsoleLink>
  );
}
