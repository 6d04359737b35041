'use client';

import { useTranslations } from 'next-intl';
import { useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { findSlashQuery, matchCannedReplies, pickCannedText, replaceSlashQuery, type CannedReplyDto } from '@/lib/canned/reply';
import { MAX_MESSAGE_LENGTH } from '@/lib/chat/message';
import { throttle } from '@/lib/chat/signal';

const LISTBOX_ID = 'canned-suggestions';
const optionId = (reply: CannedReplyDto) => `canned-option-${reply.id}`;

interface Props {
  onSend: (content: string) => Promise<boolean>;
  onTyping?: () => void;
  /** Offered after a `/` (WAI-ARIA combobox with a listbox popup). */
  cannedReplies?: readonly CannedReplyDto[];
  /** The conversation's language: which text of a canned reply is inserted. */
  locale?: string;
  className?: string;
}

export function ReplyForm({ onSend, onTyping, cannedReplies = [], locale, className = '' }: Props) {
  const t = useTranslations('AdminConsole.chat');
  const tc = useTranslations('AdminConsole.canned');
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  // The `/` whose suggestions Escape closed: they stay closed until another `/` is typed.
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [notice, setNotice] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const caretAfterInsert = useRef<number | null>(null);
  // One typing signal per few seconds at most (the form is keyed by conversation).
  const typing = useMemo(() => throttle(() => onTyping?.()), [onTyping]);
  const [sending, setSending] = useState(false);
  const content = text.trim();

  // Offered once the conversation's language is known: before that, a reply would come in French.
  const slash = cannedReplies.length > 0 && locale ? findSlashQuery(text, caret) : null;
  const suggestions = slash ? matchCannedReplies(cannedReplies, slash.query) : [];
  const open = slash !== null && slash.start !== dismissed && suggestions.length > 0 && !sending;
  const activeIndex = Math.min(active, suggestions.length - 1);
  const activeReply = open ? suggestions[activeIndex] : undefined;

  useLayoutEffect(() => {
    if (caretAfterInsert.current === null) return;
    inputRef.current?.setSelectionRange(caretAfterInsert.current, caretAfterInsert.current);
    caretAfterInsert.current = null;
  });

  function edited(value: string, position: number) {
    setText(value);
    setCaret(position);
    setActive(0);
    const query = findSlashQuery(value, position);
    if (!query || query.start !== dismissed) setDismissed(null);
    if (value.trim()) typing();
  }

  function insert(reply: CannedReplyDto) {
    if (!slash) return;
    const picked = pickCannedText(reply, locale);
    const next = replaceSlashQuery(text, slash, picked.text);
    if (next.value.length > MAX_MESSAGE_LENGTH) {
      setNotice(tc('tooLong', { shortcut: reply.shortcut, max: MAX_MESSAGE_LENGTH }));
      setDismissed(slash.start);
      return;
    }
    setText(next.value);
    setCaret(next.caret);
    caretAfterInsert.current = next.caret;
    // A `/word` inside the inserted text is no request for suggestions.
    setDismissed(findSlashQuery(next.value, next.caret)?.start ?? null);
    setNotice(
      picked.fellBack
        ? tc('fellBack', { shortcut: reply.shortcut, language: locale ?? '' })
        : tc('inserted', { shortcut: reply.shortcut, language: picked.locale }),
    );
    typing();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!slash || suggestions.length === 0) return;
    if (!open) {
      // Down arrow opens the list again after Escape.
      if (event.key === 'ArrowDown' && !sending) {
        event.preventDefault();
        setDismissed(null);
        setActive(0);
      }
      return;
    }
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((activeIndex + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && activeReply && !event.shiftKey) {
      event.preventDefault();
      insert(activeReply);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(slash.start);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!content || sending) return;
    setSending(true);
    // The text stays in the field until the server has the message, so a failure loses nothing.
    const sent = await onSend(content);
    setSending(false);
    if (sent) {
      setText('');
      setCaret(0);
      setNotice('');
      typing.reset();
    }
  }

  return (
    // On a phone the field sits at the bottom of the screen: clear of the home bar.
    <form onSubmit={submit} className={`border-t border-slate-200 p-3 max-xs:pb-[max(0.75rem,env(safe-area-inset-bottom))] ${className}`}>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <label htmlFor="admin-reply" className="sr-only">
            {t('replyLabel')}
          </label>
          <input
            ref={inputRef}
            id="admin-reply"
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={LISTBOX_ID}
            aria-activedescendant={activeReply ? optionId(activeReply) : undefined}
            aria-describedby="admin-reply-hint"
            value={text}
            onChange={(event) => edited(event.target.value, event.target.selectionStart ?? event.target.value.length)}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
            onKeyDown={onKeyDown}
            onBlur={() => setDismissed(slash?.start ?? null)}
            placeholder={t('replyPlaceholder')}
            maxLength={MAX_MESSAGE_LENGTH}
            readOnly={sending}
            autoComplete="off"
            className="min-h-11 w-full rounded-lg border border-slate-400 px-3 text-base text-slate-900 focus:border-ocean-700"
          />
          <ul
            id={LISTBOX_ID}
            role="listbox"
            aria-label={tc('suggestionsLabel')}
            hidden={!open}
            className="absolute right-0 bottom-full left-0 z-10 mb-1 max-h-72 overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg"
          >
            {open &&
              suggestions.map((reply, index) => {
                const picked = pickCannedText(reply, locale);
                const selected = index === activeIndex;
                return (
                  <li
                    key={reply.id}
                    id={optionId(reply)}
                    role="option"
                    aria-selected={selected}
                    // Keeps the focus in the field: the click inserts, the field stays editable.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => setActive(index)}
                    onClick={() => insert(reply)}
                    className={`flex cursor-pointer flex-col px-3 py-2 text-sm ${selected ? 'bg-ocean-700 text-white' : 'text-slate-900'}`}
                  >
                    <span className="font-mono font-semibold">
                      /{reply.shortcut}
                      {picked.fellBack && <span className="ml-2 font-sans font-normal italic">({tc('frenchFallback')})</span>}
                    </span>
                    <span lang={picked.locale} className="truncate">
                      {picked.text}
                    </span>
                  </li>
                );
              })}
          </ul>
        </div>
        <button
          type="submit"
          disabled={!content || sending}
          className="inline-flex min-h-11 items-center rounded-lg bg-ocean-700 px-5 font-semibold text-white hover:bg-ocean-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {sending ? t('sending') : t('send')}
        </button>
      </div>
      <p id="admin-reply-hint" className="sr-only">
        {tc('replyHint')}
      </p>
      <p role="status" data-testid="canned-notice" className={notice ? 'mt-2 text-sm text-slate-700' : 'sr-only'}>
        {notice}
      </p>
    </form>
  );
}
