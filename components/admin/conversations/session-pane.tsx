'use client';

import { ArrowLeft, CalendarDays, Info } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { CannedReplyDto } from '@/lib/canned/reply';
import type { Pane } from '@/components/admin/shell/console-state';
import { formatFullDate, shortSessionId } from '@/components/admin/shell/format';
import { MessageList } from '@/components/admin/conversations/message-list';
import { ReplyForm } from '@/components/admin/conversations/reply-form';
import { useLanguageName } from '@/components/admin/conversations/use-language-name';

const BOX = 'flex min-h-[24rem] flex-col rounded-xl border border-slate-200 bg-white max-xs:min-h-0 max-xs:rounded-none max-xs:border-0';
/** Shown on a phone only, where the conversation covers the screen. */
const PHONE_BUTTON =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-900 hover:bg-slate-100 xs:hidden';

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
  /** On a phone: back to the list, and the details and trail shown instead of the messages. */
  phone?: { onBack: () => void; infoOpen: boolean; onToggleInfo: () => void };
}

export function SessionPane({ pane, onSend, onLoadOlder, onSendBooking, onTyping, visitorTyping = false, cannedReplies, phone }: SessionPaneProps) {
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
  const infoOpen = phone?.infoOpen ?? false;
  // On a phone, what the details replace: hidden while they are shown.
  const conversationOnly = infoOpen ? 'max-xs:hidden' : '';
  return (
    <section aria-labelledby="pane-title" className={`${BOX} ${infoOpen ? '' : 'max-xs:flex-1'}`}>
      <div className="border-b border-slate-200 px-4 py-3 max-xs:px-2 max-xs:py-2">
        <div className="flex items-center gap-2">
          {phone && (
            <button type="button" onClick={phone.onBack} className={PHONE_BUTTON} aria-label={t('backToList')} title={t('backToList')}>
              <ArrowLeft aria-hidden="true" className="size-5" />
            </button>
          )}
          <h2 id="pane-title" tabIndex={-1} className="min-w-0 flex-1 font-mono text-lg font-semibold text-ocean-900">
            {t('sessionTitle', { shortId: shortSessionId(pane.sessionId) })}
          </h2>
          {phone && (
            <button
              type="button"
              onClick={phone.onToggleInfo}
              aria-expanded={infoOpen}
              aria-controls="conversation-details conversation-trail"
              className={`${PHONE_BUTTON} ${infoOpen ? 'border-ocean-700 bg-ocean-700 text-white hover:bg-ocean-800' : ''}`}
            >
              <Info aria-hidden="true" className="size-5" />
              {t('showDetails')}
            </button>
          )}
        </div>
        {info && (
          <dl
            id="conversation-details"
            className={`mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700 ${infoOpen ? 'max-xs:mt-3 max-xs:px-2' : 'max-xs:hidden'}`}
          >
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
      <MessageList pane={pane} onLoadOlder={onLoadOlder} className={conversationOnly} />
      {/* Announced politely when it starts and ends, not per keystroke. */}
      <p aria-live="polite" data-typing="true" className={visitorTyping ? 'px-4 pb-2 text-sm text-slate-700 italic' : 'sr-only'}>
        {visitorTyping ? t('visitorTyping') : ''}
      </p>
      {onSendBooking && (
        <div className={`border-t border-slate-200 px-3 pt-3 ${conversationOnly}`}>
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
      <ReplyForm key={pane.sessionId} onSend={onSend} onTyping={onTyping} cannedReplies={cannedReplies} locale={info?.locale} className={conversationOnly} />
    </section>
  );
}
