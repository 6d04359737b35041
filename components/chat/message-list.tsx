'use client';

import { useEffect, useMemo, useRef } from 'react';
import type { ChatMessageDto } from '@/lib/chat/message';
import { LOCALE_TAGS, isLocale } from '@/lib/i18n/routing';
import { formatTemplate } from './format';
import type { ChatState } from './chat-store';
import type { ChatLabels } from './types';

type ListLabels = Pick<
  ChatLabels,
  | 'emptyTitle'
  | 'trailNotice'
  | 'sessionId'
  | 'initializing'
  | 'noSession'
  | 'rateLimited'
  | 'you'
  | 'operator'
  | 'messagesLabel'
  | 'pending'
  | 'bookCall'
  | 'olderMessages'
  | 'operatorTyping'
  | 'readReceipt'
>;

/** The operator's "book a call" card: the configured calendar, opened in a new tab. */
function BookingCard({ url, label }: { url: string; label: string }) {
  if (!/^https?:\/\//.test(url)) return <p className="break-words">{url}</p>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 items-center rounded-md bg-coral-600 px-4 font-semibold text-white hover:bg-coral-700"
    >
      {label}
    </a>
  );
}

/** Typed but not yet acknowledged: kept in the browser and sent when the connection allows. */
function PendingItem({ content, labels }: { content: string; labels: ListLabels }) {
  return (
    <li
      data-pending="true"
      className="max-w-[85%] self-end rounded-lg border border-dashed border-ocean-700 bg-ocean-50 px-3 py-2 text-sm text-slate-900 shadow-sm"
    >
      <span className="sr-only">{labels.you}: </span>
      <p className="break-words whitespace-pre-wrap">{content}</p>
      <span className="mt-1 block text-right text-xs text-slate-700">{labels.pending}</span>
    </li>
  );
}

function MessageItem({ message, time, labels, read }: { message: ChatMessageDto; time: Intl.DateTimeFormat; labels: ListLabels; read: boolean }) {
  const mine = message.sender === 'visitor';
  return (
    <li
      className={`max-w-[85%] rounded-lg px-3 py-2 text-sm shadow-sm ${
        mine ? 'self-end bg-ocean-700 text-white' : 'self-start border border-slate-200 bg-white text-slate-800'
      }`}
    >
      <span className="sr-only">{mine ? labels.you : labels.operator}: </span>
      {message.kind === 'booking' ? (
        <BookingCard url={message.content} label={labels.bookCall} />
      ) : (
        <p className="break-words whitespace-pre-wrap">{message.content}</p>
      )}
      <time dateTime={message.createdAt} className={`mt-1 block text-right text-xs ${mine ? 'text-ocean-50' : 'text-slate-600'}`}>
        {time.format(new Date(message.createdAt))}
      </time>
      {read && (
        <span data-read-receipt="true" className="block text-right text-xs text-ocean-50">
          {labels.readReceipt}
        </span>
      )}
    </li>
  );
}

function Notice({ state, labels, locale }: { state: ChatState; labels: ListLabels; locale: string }) {
  const { phase, session, failure, messages } = state;
  if (phase === 'failed') return <p>{failure === 'rateLimited' ? labels.rateLimited : labels.noSession}</p>;
  if (!session) return <p>{labels.initializing}</p>;
  if (messages.length > 0) return null;
  return (
    <>
      <p className="font-medium text-slate-700">{labels.emptyTitle}</p>
      <p className="mt-1 text-xs">{labels.trailNotice}</p>
      <p className="mt-1 text-xs">{formatTemplate(labels.sessionId, locale, { id: session.id.slice(0, 12) })}</p>
    </>
  );
}

interface MessageListProps {
  state: ChatState;
  locale: string;
  labels: ListLabels;
  onLoadOlder?: () => void;
}

export function MessageList({ state, locale, labels, onLoadOlder }: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const time = useMemo(() => new Intl.DateTimeFormat(isLocale(locale) ? LOCALE_TAGS[locale] : locale, { hour: '2-digit', minute: '2-digit' }), [locale]);
  const { messages, pending, operatorReadId } = state;
  // Scrolls down for a new message, not for older ones loaded above.
  const lastId = messages.at(-1)?.id;
  // The receipt goes under the visitor's newest message the operator has read.
  const readUpTo = messages.findLast((message) => message.sender === 'visitor' && message.id <= operatorReadId)?.id;

  useEffect(() => {
    const area = scrollRef.current;
    if (area) area.scrollTop = area.scrollHeight;
  }, [lastId, pending.length]);

  return (
    <div
      ref={scrollRef}
      className="flex h-80 max-h-[calc(100dvh-14rem)] flex-col overflow-y-auto bg-sand-50 p-3 max-[479px]:h-auto max-[479px]:max-h-none max-[479px]:min-h-0 max-[479px]:flex-1"
    >
      {((messages.length === 0 && pending.length === 0) || !state.session) && (
        <div className="flex flex-1 flex-col items-center justify-center text-center text-sm text-slate-600">
          <Notice state={state} labels={labels} locale={locale} />
        </div>
      )}
      {onLoadOlder && state.before !== null && (
        <button
          type="button"
          onClick={onLoadOlder}
          className="mx-auto mb-2 min-h-11 rounded-md px-4 text-sm font-semibold text-ocean-800 underline hover:bg-sand-100"
        >
          {labels.olderMessages}
        </button>
      )}
      <div role="log" aria-live="polite" aria-label={labels.messagesLabel}>
        <ol className="flex flex-col gap-2">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} time={time} labels={labels} read={message.id === readUpTo} />
          ))}
          {pending.map((item) => (
            <PendingItem key={item.clientId} content={item.content} labels={labels} />
          ))}
        </ol>
      </div>
      {/* Announced politely when it starts and ends, not on every keystroke (one signal per few seconds). */}
      <p aria-live="polite" data-typing="true" className={state.operatorTyping ? 'mt-2 self-start text-xs text-slate-700 italic' : 'sr-only'}>
        {state.operatorTyping ? labels.operatorTyping : ''}
      </p>
    </div>
  );
}
