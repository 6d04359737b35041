'use client';

import { ConsoleLink } from '@/components/admin/shell/console-link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatDateTime, shortSessionId } from '@/components/admin/shell/format';
import type { PersonSummaryDto, SnoozeRequest } from '@/components/admin/people/people-api';
import { unwrap } from '@/components/admin/shell/action-result';
import { conversationHref } from '@/lib/console-app/views';
import { changeConversationStatus } from './actions';
import type { PersonActs } from './use-person-acts';

type Props = { person: PersonSummaryDto; people: PersonActs };

const SMALL = 'inline-flex min-h-10 items-center rounded-lg border border-slate-400 px-3 text-sm font-semibold text-slate-900 hover:bg-slate-100';

/** Each conversation's status, with resolve, reopen and snooze ("demain 9 h", "lundi", a date). */
export function PersonConversations({ person, people }: Props) {
  const t = useTranslations('AdminConsole.people');
  if (person.conversations.length === 0) return null;
  return (
    <section aria-labelledby="person-conversations" className="space-y-2">
      <h3 id="person-conversations" className="font-semibold text-slate-900">
        {t('conversations')}
      </h3>
      <ul className="space-y-2">
        {person.conversations.map((conversation) => (
          <li key={conversation.sessionId} className="rounded-lg border border-slate-200 p-3">
            <p className="text-sm text-slate-900">
              <span className="font-semibold" data-testid="conversation-status">
                {conversation.status === 'snoozed' && conversation.snoozedUntil
                  ? t('snoozedUntil', { date: formatDateTime(conversation.snoozedUntil) })
                  : t(`statuses.${conversation.status}`)}
              </span>{' '}
              · {t('lastMessageAt', { date: formatDateTime(conversation.lastMessageAt) })}
            </p>
            <ConversationActions sessionId={conversation.sessionId} status={conversation.status} people={people} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ConversationActions({ sessionId, status, people }: { sessionId: string; status: string; people: Props['people'] }) {
  const t = useTranslations('AdminConsole.people');
  const [date, setDate] = useState('');
  const set = (request: SnoozeRequest, done: string) => void people.act(() => unwrap(changeConversationStatus(sessionId, request)), done);
  return (
    <div className="mt-2 flex flex-wrap items-end gap-2">
      <ConsoleLink href={conversationHref(sessionId)} className={SMALL}>
        {t('openConversation', { shortId: shortSessionId(sessionId) })}
      </ConsoleLink>
      {status === 'open' ? (
        <button type="button" className={SMALL} onClick={() => set({ status: 'resolved' }, t('resolved'))}>
          {t('resolve')}
        </button>
      ) : (
        <button type="button" className={SMALL} onClick={() => set({ status: 'open' }, t('reopened'))}>
          {t('reopen')}
        </button>
      )}
      <button type="button" className={SMALL} onClick={() => set({ status: 'snoozed', preset: 'tomorrow' }, t('snoozed'))}>
        {t('snoozeTomorrow')}
      </button>
      <button type="button" className={SMALL} onClick={() => set({ status: 'snoozed', preset: 'monday' }, t('snoozed'))}>
        {t('snoozeMonday')}
      </button>
      <label className="text-sm font-medium text-slate-800">
        {t('snoozeDate')}
        <input type="date" value={date} onChange={(event) => setDate(event.target.value)} className="ml-2 min-h-10 rounded-lg border border-slate-400 px-2" />
      </label>
      <button type="button" disabled={!date} className={SMALL} onClick={() => set({ status: 'snoozed', preset: 'date', date }, t('snoozed'))}>
        {t('snoozeUntilDate')}
      </button>
    </div>
  );
}
