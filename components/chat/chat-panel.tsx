'use client';

import { Trash2, X } from 'lucide-react';
import { toast } from '@/components/ui/toast';
import { useVisualViewport } from '@/components/ui/use-visual-viewport';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { ChatStatusLine, useChatStatus } from './chat-status-line';
import { DeadLinkNotice } from './dead-link-notice';
import { EmailOffer } from './email-offer';
import { RetryNotice } from './retry-notice';
import { MessageForm } from './message-form';
import { MessageList } from './message-list';
import type { ChatPanelProps } from './types';
import { isVisaPlanPath } from '@/lib/chat/trail-limits';

export function ChatPanel({ locale, store: chatStore, labels, onClose, mailLink }: ChatPanelProps) {
  const state = useSyncExternalStore(chatStore.subscribe, chatStore.getState, chatStore.getState);
  const panelRef = useRef<HTMLDivElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(mailLink === 'erase');
  const status = useChatStatus();
  const titleId = useId();
  const confirmId = useId();
  const ready = state.session !== null;
  const retrying = ready && state.connection === 'retrying';
  const closed = ready && state.connection === 'closed';
  const busy = ready && state.connection === 'busy';
  // One live region: a full conversation matters more than the connection.
  const notice = state.full ? labels.conversationFull : busy ? labels.busy : retrying ? labels.reconnecting : closed ? labels.streamClosed : '';
  // Below 480 px the panel fills the screen and follows the visual viewport: the input stays above the keyboard.
  useVisualViewport(panelRef, { top: '--chat-top', height: '--chat-height' });

  useEffect(() => {
    // A plan's address holds only answers and a date: the console sees the plan the chat was opened on.
    const { pathname, search } = window.location;
    chatStore.open({ locale, startPage: isVisaPlanPath(pathname) ? `${pathname}${search}` : pathname });
    return () => chatStore.close();
  }, [locale, chatStore]);

  useEffect(() => {
    const input = panelRef.current?.querySelector<HTMLInputElement>('input[type="text"]:not(:disabled)');
    (input ?? panelRef.current)?.focus();
  }, []);

  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  const cancelDelete = () => {
    setConfirming(false);
    // The button is back in the next render.
    requestAnimationFrame(() => deleteRef.current?.focus());
  };

  const forget = async () => {
    setConfirming(false);
    const deleted = await chatStore.forget();
    toast(
      deleted ? { title: labels.title, description: labels.deleted } : { title: labels.errorTitle, description: labels.deleteFailed, variant: 'destructive' },
    );
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    if (confirming) return cancelDelete();
    onClose();
  };

  return (
    <div
      ref={panelRef}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className="fixed right-4 bottom-20 z-50 flex max-h-[calc(100dvh-6rem)] w-80 max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl focus:outline-none max-[479px]:inset-x-0 max-[479px]:top-[var(--chat-top,0px)] max-[479px]:bottom-auto max-[479px]:h-[var(--chat-height,100dvh)] max-[479px]:max-h-none max-[479px]:w-full max-[479px]:max-w-none max-[479px]:rounded-none max-[479px]:border-0"
    >
      <div className="flex items-center justify-between bg-ocean-700 py-2 pr-2 pl-4 text-white">
        <div>
          <h2 id={titleId} className="text-base font-semibold">
            {labels.title}
          </h2>
          <ChatStatusLine status={status} labels={labels} locale={locale} />
        </div>
        <button type="button" onClick={onClose} aria-label={labels.close} className="flex size-11 items-center justify-center rounded-md hover:bg-ocean-800">
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <p role="status" className={notice ? 'bg-sand-100 px-4 py-1 text-xs text-slate-700' : 'sr-only'}>
        {notice}
      </p>
      {mailLink === 'expired' && <DeadLinkNotice store={chatStore} labels={labels} />}
      <RetryNotice retryAt={state.retryAt} locale={locale} template={labels.retryAt} />
      <MessageList state={state} locale={locale} labels={labels} onLoadOlder={() => void chatStore.loadOlder()} />
      {state.session && !confirming && (
        <EmailOffer
          key={state.session.id}
          session={state.session}
          locale={locale}
          labels={labels}
          offline={status !== null && !status.online && status.emailReplies === true}
          hasWritten={state.messages.some((message) => message.sender === 'visitor') || state.pending.length > 0}
        />
      )}
      {confirming ? (
        <div role="group" aria-labelledby={confirmId} className="border-t border-slate-200 bg-sand-50 p-3">
          <p id={confirmId} className="text-sm font-medium text-slate-800">
            {labels.deleteConfirm}
          </p>
          <div className="mt-2 flex flex-wrap justify-end gap-2">
            <button
              ref={cancelRef}
              type="button"
              onClick={cancelDelete}
              className="min-h-11 rounded-md px-4 text-sm font-semibold text-ocean-800 ring-1 ring-ocean-700 hover:bg-ocean-50"
            >
              {labels.deleteCancel}
            </button>
            <button
              type="button"
              onClick={() => void forget()}
              className="min-h-11 rounded-md bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800"
            >
              {labels.deleteConfirmYes}
            </button>
          </div>
        </div>
      ) : (
        <MessageForm store={chatStore} ready={ready && !state.full} labels={labels} />
      )}
      {ready && !confirming && (
        <button
          ref={deleteRef}
          type="button"
          onClick={() => setConfirming(true)}
          className="flex min-h-11 items-center justify-center gap-2 border-t border-slate-200 px-3 text-xs text-slate-700 hover:bg-slate-50 hover:text-red-700"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {labels.deleteConversation}
        </button>
      )}
    </div>
  );
}
