'use client';

import { SendHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { MAX_MESSAGE_LENGTH } from '@/lib/chat/message';
import type { ChatStore } from './chat-store';
import type { ChatLabels } from './types';

type FormLabels = Pick<ChatLabels, 'placeholder' | 'messageLabel' | 'send' | 'errorTitle' | 'noSession' | 'sendFailed' | 'rateLimited'>;

export function MessageForm({ store, ready, labels }: { store: ChatStore; ready: boolean; labels: FormLabels }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const refocus = useRef(false);

  // A disabled input drops focus: give it back once the session is ready or the send is over.
  useEffect(() => {
    const input = inputRef.current;
    if (!input || sending || !ready) return;
    if (refocus.current || input.closest('[role="dialog"]') === document.activeElement) input.focus();
    refocus.current = false;
  }, [sending, ready]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const content = text.trim();
    if (!content || sending) return;
    const fail = (description: string) => toast({ title: labels.errorTitle, description, variant: 'destructive' });
    if (!ready) return fail(labels.noSession);
    refocus.current = event.currentTarget.contains(document.activeElement);
    setSending(true);
    setText('');
    const outcome = await store.send(content);
    setSending(false);
    if (outcome.ok) return;
    setText(text);
    fail(outcome.reason === 'rateLimited' ? labels.rateLimited : outcome.reason === 'noSession' ? labels.noSession : labels.sendFailed);
  }

  const disabled = !ready || sending;
  return (
    <form onSubmit={submit} className="flex gap-2 border-t border-slate-200 p-3">
      <input
        ref={inputRef}
        type="text"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim()) store.typing();
        }}
        placeholder={labels.placeholder}
        aria-label={labels.messageLabel}
        maxLength={MAX_MESSAGE_LENGTH}
        disabled={disabled}
        autoComplete="off"
        className="min-h-11 min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-sm text-slate-900 placeholder:text-slate-600 disabled:bg-slate-100"
      />
      <button
        type="submit"
        disabled={disabled || text.trim() === ''}
        className="flex min-h-11 min-w-11 items-center justify-center rounded-md bg-coral-600 text-white hover:bg-coral-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <SendHorizontal aria-hidden="true" className="size-5" />
        <span className="sr-only">{labels.send}</span>
      </button>
    </form>
  );
}
