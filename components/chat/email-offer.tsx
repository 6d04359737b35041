'use client';

import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api/api-error';
import type { Locale } from '@/lib/i18n/routing';
import { localePath } from '@/lib/routes';
import { fetchChatEmail, saveChatEmail } from './api-client';
import { formatTemplate } from './format';
import type { ChatLabels } from './types';

type OfferLabels = Pick<
  ChatLabels,
  | 'emailOffer'
  | 'emailLabel'
  | 'emailConsent'
  | 'emailPrivacy'
  | 'emailSave'
  | 'emailDismiss'
  | 'emailSaved'
  | 'emailChange'
  | 'emailRemove'
  | 'emailRemoved'
  | 'emailInvalid'
  | 'emailFailed'
  | 'emailRateLimited'
  | 'deleteCancel'
>;

const DISMISSED_KEY = 'maurice-expat:chat-email-dismissed';

function wasDismissed(sessionId: string): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === sessionId;
  } catch {
    return false;
  }
}

const BUTTON = 'min-h-11 rounded-md px-2 text-xs font-semibold';

/**
 * Nobody online: offers to leave an address the operator's later replies are e-mailed to (once the
 * visitor has written, so it never stands before their first words), then says where replies go
 * and lets the visitor change or remove it. Shown only while nobody is online.
 */
export function EmailOffer({
  session,
  locale,
  labels,
  offline,
  hasWritten,
}: {
  session: { id: string; token: string };
  locale: Locale;
  labels: OfferLabels;
  /** Nobody online and replies can be e-mailed. */
  offline: boolean;
  hasWritten: boolean;
}) {
  // undefined while the server has not said whether an address is set.
  const [email, setEmail] = useState<string | null | undefined>(undefined);
  const [editing, setEditing] = useState(false);
  const [dismissed, setDismissed] = useState(() => wasDismissed(session.id));
  const [draft, setDraft] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'input' | 'change' | null>(null);
  const offerId = useId();
  const inputId = useId();
  const consentId = useId();
  const errorId = useId();

  useEffect(() => {
    if (!offline) return;
    let live = true;
    fetchChatEmail(session).then(
      (value) => live && setEmail(value),
      () => live && setEmail(null),
    );
    return () => {
      live = false;
    };
  }, [offline, session]);

  useEffect(() => {
    if (focusNext.current === 'input') inputRef.current?.focus();
    if (focusNext.current === 'change') changeRef.current?.focus();
    focusNext.current = null;
  });

  const failure = (caught: unknown) =>
    caught instanceof ApiError && caught.status === 429
      ? labels.emailRateLimited
      : caught instanceof ApiError && caught.code === 'invalid_email'
        ? labels.emailInvalid
        : labels.emailFailed;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = draft.trim();
    if (busy) return;
    if (!inputRef.current?.checkValidity() || !value) {
      setError(labels.emailInvalid);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await saveChatEmail({ ...session, email: value });
      setEmail(value.toLowerCase());
      setEditing(false);
      setError('');
      setNotice('');
      focusNext.current = 'change';
    } catch (caught) {
      setError(failure(caught));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (busy) return;
    setBusy(true);
    try {
      await saveChatEmail({ ...session, email: null });
      setEmail(null);
      setDraft('');
      setNotice(labels.emailRemoved);
      focusNext.current = 'input';
    } catch (caught) {
      setNotice(failure(caught));
    } finally {
      setBusy(false);
    }
  }

  const dismiss = () => {
    if (editing) {
      setEditing(false);
      setError('');
      focusNext.current = 'change';
      return;
    }
    setDismissed(true);
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, session.id);
    } catch {
      // Dismissed for this page view only.
    }
    // Back to the message field.
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>('[role="dialog"] form input[type="text"]')?.focus());
  };

  if (!offline || email === undefined) return null;
  const status = (
    <p role="status" className={notice ? 'px-3 pt-2 text-xs text-slate-700' : 'sr-only'}>
      {notice}
    </p>
  );

  if (email && !editing) {
    return (
      <div data-testid="chat-email-offer" className="border-t border-slate-200 bg-sand-50 px-3 py-2 text-xs text-slate-800">
        <p className="break-words">{formatTemplate(labels.emailSaved, locale, { email })}</p>
        <div className="mt-1 flex flex-wrap gap-1">
          <button
            ref={changeRef}
            type="button"
            onClick={() => {
              setDraft(email);
              setEditing(true);
              focusNext.current = 'input';
            }}
            className={`${BUTTON} text-ocean-800 underline hover:bg-ocean-50`}
          >
            {labels.emailChange}
          </button>
          <button type="button" onClick={() => void remove()} disabled={busy} className={`${BUTTON} text-slate-700 underline hover:bg-slate-100`}>
            {labels.emailRemove}
          </button>
        </div>
        {status}
      </div>
    );
  }
  if (!hasWritten || (dismissed && !editing)) return notice ? status : null;
  return (
    <form
      data-testid="chat-email-offer"
      aria-labelledby={offerId}
      noValidate
      onSubmit={save}
      className="relative border-t border-slate-200 bg-sand-50 px-3 py-2 text-xs text-slate-800"
    >
      <p id={offerId} className="pr-10 font-medium">
        {labels.emailOffer}
      </p>
      <button
        type="button"
        onClick={dismiss}
        aria-label={editing ? labels.deleteCancel : labels.emailDismiss}
        className="absolute top-0 right-0 flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-sand-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
      <label htmlFor={inputId} className="mt-1 block font-semibold">
        {labels.emailLabel}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={inputRef}
          id={inputId}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${consentId}` : consentId}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900"
        />
        <button type="submit" disabled={busy} className={`${BUTTON} bg-ocean-700 text-white hover:bg-ocean-800 disabled:opacity-50`}>
          {labels.emailSave}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 font-semibold text-red-800">
          {error}
        </p>
      )}
      <p id={consentId} className="mt-1 text-slate-700">
        {labels.emailConsent}{' '}
        <a href={localePath(locale, 'privacy')} className="text-ocean-800 underline">
          {labels.emailPrivacy}
        </a>
      </p>
      {status}
    </form>
  );
}
