'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState, type FormEvent } from 'react';
import { MAX_MESSAGE_LENGTH } from '@/lib/chat/message';
import { throttle } from '@/lib/chat/signal';

export function ReplyForm({ onSend, onTyping }: { onSend: (content: string) => Promise<boolean>; onTyping?: () => void }) {
  const t = useTranslations('AdminConsole.chat');
  const [text, setText] = useState('');
  // One typing signal per few seconds at most (the form is keyed by conversation).
  const typing = useMemo(() => throttle(() => onTyping?.()), [onTyping]);
  const [sending, setSending] = useState(false);
  const content = text.trim();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!content || sending) return;
    setSending(true);
    // The text stays in the field until the server has the message, so a failure loses nothing.
    const sent = await onSend(content);
    setSending(false);
    if (sent) {
      setText('');
      typing.reset();
    }
  }

  return (
    <form onSubmit={submit} className="flex gap-2 border-t border-slate-200 p-3">
      <label htmlFor="admin-reply" className="sr-only">
        {t('replyLabel')}
      </label>
      <input
        id="admin-reply"
        type="text"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim()) typing();
        }}
        placeholder={t('replyPlaceholder')}
        maxLength={MAX_MESSAGE_LENGTH}
        readOnly={sending}
        autoComplete="off"
        className="min-h-11 flex-1 rounded-lg border border-slate-400 px-3 text-base text-slate-900 focus:border-ocean-700"
      />
      <button
        type="submit"
        disabled={!content || sending}
        className="inline-flex min-h-11 items-center rounded-lg bg-ocean-700 px-5 font-semibold text-white hover:bg-ocean-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {sending ? t('sending') : t('send')}
      </button>
    </form>
  );
}
