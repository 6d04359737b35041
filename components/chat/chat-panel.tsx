'use client';

import { Trash2, X } from 'lucide-react';
import { toast } from '@/components/ui/toast';
import { useEffect, useId, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import { MessageForm } from './message-form';
import { MessageList } from './message-list';
import type { ChatPanelProps } from './types';

export function ChatPanel({ locale, store: chatStore, labels, onClose }: ChatPanelProps) {
  const state = useSyncExternalStore(chatStore.subscribe, chatStore.getState, chatStore.getState);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const ready = state.session !== null;
  const retrying = ready && state.connection === 'retrying';

  useEffect(() => {
    chatStore.open({ locale, startPage: window.location.pathname });
    return () => chatStore.close();
  }, [locale, chatStore]);

  useEffect(() => {
    const input = panelRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)');
    (input ?? panelRef.current)?.focus();
  }, []);

  const forget = async () => {
    if (!window.confirm(labels.deleteConfirm)) return;
    const deleted = await chatStore.forget();
    toast(deleted ? { title: labels.title, description: labels.deleted } : { title: labels.errorTitle, description: labels.deleteFailed, variant: 'destructive' });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };

  return (
    <div
        ref={panelRef}
        role="dialog"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="fixed right-4 bottom-20 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl focus:outline-none"
      >
        <div className="flex items-center justify-between bg-ocean-700 py-2 pr-2 pl-4 text-white">
          <h2 id={titleId} className="text-base font-semibold">
            {labels.title}
          </h2>
          <div className="flex items-center">
          {ready && (
            <button
              type="button"
              onClick={() => void forget()}
              aria-label={labels.deleteConversation}
              title={labels.deleteConversation}
              className="flex size-11 items-center justify-center rounded-md hover:bg-ocean-800"
            >
              <Trash2 aria-hidden="true" className="size-5" />
            </button>
          )}
          <button
            type="button"
            onClick={onClose}
            aria-label={labels.close}
            className="flex size-11 items-center justify-center rounded-md hover:bg-ocean-800"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
          </div>
        </div>
        <p role="status" className={retrying ? 'bg-sand-100 px-4 py-1 text-xs text-slate-700' : 'sr-only'}>
          {retrying ? labels.reconnecting : ''}
        </p>
        <MessageList state={state} locale={locale} labels={labels} />
        <MessageForm store={chatStore} ready={ready} labels={labels} />
      </div>
  );
}
