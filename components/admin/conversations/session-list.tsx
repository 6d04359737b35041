'use client';

import { ConsoleLink } from '@/components/admin/shell/console-link';
import { useTranslations } from 'next-intl';
import { conversationHref } from '@/lib/console-app/views';
import type { SessionSummaryDto } from '@/lib/chat/admin-queries';
import { formatFullDate, formatMessageTime, shortSessionId } from '@/components/admin/shell/format';

interface Props {
  sessions: SessionSummaryDto[] | null;
  selectedId: string | null;
  /** The link was followed: where the focus returns when the list shows again on a phone. */
  onOpen: (sessionId: string) => void;
}

export function SessionList({ sessions, selectedId, onOpen }: Props) {
  const t = useTranslations('AdminConsole.chat');
  return (
    <section aria-labelledby="sessions-title" className="flex min-h-0 flex-col rounded-xl border border-slate-200 bg-white">
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 id="sessions-title" className="text-lg font-semibold text-ocean-900">
          {t('sessionsTitle')}
        </h2>
        <p className="text-sm text-slate-700" aria-live="polite">
          {sessions === null ? t('loadingSessions') : sessions.length === 0 ? t('noSessions') : t('sessionCount', { count: sessions.length })}
        </p>
      </div>
      {sessions && sessions.length > 0 && (
        <ul aria-labelledby="sessions-title" className="max-h-[70vh] divide-y divide-slate-200 overflow-y-auto max-xs:max-h-none">
          {sessions.map((session) => (
            <li key={session.sessionId}>
              <SessionItem session={session} selected={session.sessionId === selectedId} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SessionItem({ session, selected, onOpen }: { session: SessionSummaryDto; selected: boolean; onOpen: (id: string) => void }) {
  const t = useTranslations('AdminConsole.chat');
  return (
    <ConsoleLink
      href={conversationHref(session.sessionId)}
      onClick={() => onOpen(session.sessionId)}
      aria-current={selected ? 'page' : undefined}
      data-session-id={session.sessionId}
      className={`block w-full px-4 py-3 text-left hover:bg-ocean-50 ${selected ? 'bg-ocean-100' : ''}`}
    >
      <span className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-slate-900">
          {session.label && `${session.label} `}
          <span className="font-mono text-xs font-normal text-slate-700">{shortSessionId(session.sessionId)}</span>
        </span>
        <time dateTime={session.lastMessageTime} title={formatFullDate(session.lastMessageTime)} className="shrink-0 text-xs whitespace-nowrap text-slate-700">
          {formatMessageTime(session.lastMessageTime)}
        </time>
      </span>
      <span className="mt-1 block truncate text-sm text-slate-800">{session.lastMessage}</span>
      <span className="mt-1 flex items-center gap-2 text-xs text-slate-700">
        <span>{t('messageCount', { count: session.messageCount })}</span>
        {session.unreadCount > 0 && (
          <span className="rounded-full bg-coral-700 px-2 py-0.5 font-semibold text-white">{t('unreadCount', { count: session.unreadCount })}</span>
        )}
      </span>
    </ConsoleLink>
  );
}
