'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import type { Pane } from '@/components/admin/shell/console-state';
import { formatFullDate, formatMessageTime } from '@/components/admin/shell/format';

function statusKey(pane: Pane) {
  if (pane.messages.length > 0) return null;
  if (pane.status === 'loading') return 'loadingMessages';
  if (pane.status === 'failed') return 'messagesFailed';
  return 'noMessages';
}

/** Content is rendered as text by React: a visitor's HTML never becomes markup. */
export function MessageList({ pane, onLoadOlder, className = '' }: { pane: Pane; onLoadOlder?: () => Promise<void>; className?: string }) {
  const t = useTranslations('AdminConsole.chat');
  const scroller = useRef<HTMLDivElement>(null);
  const lastId = pane.messages.at(-1)?.id;

  useEffect(() => {
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight });
  }, [lastId, pane.sessionId]);

  const key = statusKey(pane);
  const status = key && t(key);
  return (
    <div
      ref={scroller}
      role="log"
      aria-label={t('messagesLabel')}
      tabIndex={0}
      className={`h-[28rem] flex-1 overflow-y-auto bg-slate-50 px-4 py-3 max-xs:h-auto max-xs:min-h-0 ${className}`}
    >
      {status ? (
        <p className="py-8 text-center text-slate-700">{status}</p>
      ) : (
        <>
          {onLoadOlder && pane.before !== null && (
            <p className="mb-3 text-center">
              <button
                type="button"
                onClick={() => void onLoadOlder()}
                className="min-h-10 rounded-lg border border-ocean-700 px-4 text-sm font-semibold text-ocean-800 hover:bg-ocean-50"
              >
                {t('olderMessages')}
              </button>
            </p>
          )}
          <ol className="space-y-3">
            {pane.messages.map((message) => {
              const fromOperator = message.sender === 'operator';
              return (
                <li key={message.id} data-message-id={message.id} className={`flex ${fromOperator ? 'justify-end' : 'justify-start'}`}>
                  <div
                    className={`max-w-[80%] rounded-2xl px-4 py-2 ${fromOperator ? 'bg-ocean-700 text-white' : 'border border-slate-200 bg-white text-slate-900'}`}
                  >
                    <p className="text-xs font-semibold">
                      {fromOperator ? t('operator') : t('visitor')}
                      {' · '}
                      <time dateTime={message.createdAt} title={formatFullDate(message.createdAt)}>
                        {formatMessageTime(message.createdAt)}
                      </time>
                    </p>
                    {message.kind === 'booking' ? (
                      <p className="mt-1" data-booking-card="">
                        {t('bookingSent')} <span className="break-all text-ocean-50">{message.content}</span>
                      </p>
                    ) : (
                      <p className="mt-1 break-words whitespace-pre-wrap">{message.content}</p>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </div>
  );
}
