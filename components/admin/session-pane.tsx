'use client';

import { CalendarDays } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { CannedReplyDto } from '@/lib/canned/reply';
import type { Pane } from './console-state';
import { formatFullDate, shortSessionId } from './format';
import { MessageList } from './message-list';
import { ReplyForm } from './reply-form';
import { useLanguageName } from './use-language-name';

const BOX = 'flex min-h-[24rem] flex-col rounded-xl border border-slate-200 bg-white';

interface SessionPaneProps {
  pane: Pane | null;
  onSend: (content: string) => Promise<boolean>;
  onLoadOlder?: () => Promise<void>;
  onSendBooking?: () => Promise<void>;
  onTyping?: () => void;
  /** The visitor of this conversation is typing. */
  visitorTyping?: boolean;
  /** Offered in the reply field after a `/`, in the conversation's language. */
  cannedReplies?: readonly CannedReplyDto[];
}

export function SessionPane({ pane, onSend, onLoadOlder, onSendBooking, onTyping, visitorTyping = false, cannedReplies }: SessionPaneProps) {
  const t = useTranslations('AdminConsole.chat');
  const languageName = useLanguageName();
  if (!pane) {
    return (
      <section aria-label={t('selectPrompt')} className={`${BOX} items-center justify-center p-6`}>
        <p className="text-slate-700">{t('selectPrompt')}</p>
      </section>
    );
  }
  const { info } = pane;
  return (
    <section aria-labelledby="pane-title" className={BOX}>
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 id="pane-title" className="font-mono text-lg font-semibold text-ocean-900">
          {t('sessionTitle', { shortId: shortSessionId(pane.sessionId) })}
        </h2>
        {info && (
          <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
            <div className="flex gap-1">
              <dt>{t('language')} :</dt>
              <dd className="font-medium text-slate-900">{languageName(info.locale)}</dd>
            </div>
            <div className="flex min-w-0 gap-1">
              <dt>{t('startPage')} :</dt>
              <dd className="truncate font-medium text-slate-900">{info.startPage}</dd>
            </div>
            <div className="flex gap-1">
              <dt>{t('startedAt')} :</dt>
              <dd className="font-medium text-slate-900">{formatFullDate(info.createdAt)}</dd>
            </div>
            {info.visitorEmail && (
              <div className="flex min-w-0 gap-1">
                <dt>{t('visitorEmail')} :</dt>
                <dd className="truncate font-medium text-slate-900">
                  {info.visitorEmail}
                  {!info.visitorEmailVerified && <span className="font-normal text-slate-700"> ({t('emailUnverified')})</span>}
                  {info.visitorEmailReplies && <span className="font-normal text-slate-700"> · {t('emailReplies')}</span>}
                </dd>
              </div>
            )}
          </dl>
        )}
      </div>
      <MessageList pane={pane} onLoadOlder={onLoadOlder} />
      {/* Announced politely when it starts and ends, not per keystroke. */}
      <p aria-live="polite" data-typing="true" className={visitorTyping ? 'px-4 pb-2 text-sm text-slate-700 italic' : 'sr-only'}>
        {visitorTyping ? t('visitorTyping') : ''}
      </p>
      {onSendBooking && (
        <div className="border-t border-slate-200 px-3 pt-3">
          <button
            type="button"
            onClick={() => void onSendBooking()}
            className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-ocean-700 px-4 text-sm font-semibold text-ocean-800 hover:bg-ocean-50"
          >
            <CalendarDays aria-hidden="true" className="size-4" />
            {t('sendBooking')}
          </button>
        </div>
      )}
      <ReplyForm key={pane.sessionId} onSend={onSend} onTyping={onTyping} cannedReplies={cannedReplies} locale={info?.locale} />
    </section>
  );
}
