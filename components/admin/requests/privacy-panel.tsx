'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api/api-error';
import { adminApi } from '@/components/admin/shell/admin-api';
import { unwrap } from '@/components/admin/shell/action-result';
import type { FailureHandler } from '@/components/admin/shell/use-once-per-outage';
import { eraseSubject } from './actions';

const BUTTON = 'inline-flex min-h-11 items-center rounded-lg px-5 font-semibold disabled:cursor-not-allowed disabled:opacity-60';
const PRIMARY = `${BUTTON} bg-ocean-700 text-white hover:bg-ocean-800`;
const DANGER = `${BUTTON} bg-red-700 text-white hover:bg-red-800`;
const SECONDARY = `${BUTTON} border border-slate-400 text-slate-900 hover:bg-slate-100`;

interface Props {
  email: string;
  onEmailChange: (email: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  onFailure: FailureHandler;
  /** The address's requests and conversations are gone: the views are rendered again without them. */
  onErased: () => void;
}

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download once click() returns; keep the URL a little longer anyway.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function PrivacyPanel({ email, onEmailChange, inputRef, onFailure, onErased }: Props) {
  const t = useTranslations('AdminConsole.leads');
  const [pending, setPending] = useState<'export' | 'erase' | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const eraseRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Into the confirmation on its safe choice; back to the button once it closes and is enabled again.
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (returnFocus.current && pending === null) {
      returnFocus.current = false;
      eraseRef.current?.focus();
    }
  }, [confirming, pending]);

  const fail = (error: unknown, text: string) => onFailure(error, error instanceof ApiError && error.status === 400 ? t('invalidEmail') : text);

  async function exportData(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending('export');
    try {
      const { blob, fileName } = await adminApi.downloadSubjectData(email.trim());
      saveFile(blob, fileName);
      toast({ title: t('exported'), description: t('exportedFile', { fileName }) });
    } catch (error) {
      fail(error, t('exportFailed'));
    }
    setPending(null);
  }

  function askToErase() {
    if (inputRef.current?.reportValidity()) setConfirming(email.trim().toLowerCase());
  }

  function cancel() {
    returnFocus.current = true;
    setConfirming(null);
  }

  async function erase(address: string) {
    setPending('erase');
    try {
      const erased = await unwrap(eraseSubject(address));
      toast({ title: t('erased'), description: t('erasedCounts', { leads: erased.leads, conversations: erased.conversations }) });
      returnFocus.current = true;
      setConfirming(null);
      onErased();
    } catch (error) {
      fail(error, t('eraseFailed'));
    }
    setPending(null);
  }

  return (
    <section aria-labelledby="privacy-title" className="rounded-xl border border-slate-200 bg-white p-4 md:col-span-2">
      <h2 id="privacy-title" className="text-lg font-semibold text-ocean-900">
        {t('privacyTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('privacyHelp')}</p>
      <form onSubmit={exportData} className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <label htmlFor="privacy-email" className="block text-sm font-semibold text-slate-800">
            {t('privacyEmail')}
          </label>
          <input
            ref={inputRef}
            id="privacy-email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            value={email}
            onChange={(event) => {
              onEmailChange(event.target.value);
              setConfirming(null);
            }}
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 text-base text-slate-900 focus:border-ocean-700"
          />
        </div>
        <button type="submit" disabled={pending !== null} className={PRIMARY}>
          {pending === 'export' ? t('exporting') : t('exportJson')}
        </button>
        <button ref={eraseRef} type="button" onClick={askToErase} disabled={pending !== null || confirming !== null} className={DANGER}>
          {t('erase')}
        </button>
      </form>
      {confirming && (
        <div role="group" aria-labelledby="erase-confirm-text" className="mt-4 rounded-lg border border-red-700 bg-red-50 p-4">
          <p id="erase-confirm-text" className="font-semibold text-red-900">
            {t('eraseConfirm', { email: confirming })}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button type="button" onClick={() => void erase(confirming)} disabled={pending !== null} className={DANGER}>
              {pending === 'erase' ? t('erasing') : t('confirmErase')}
            </button>
            <button ref={cancelRef} type="button" onClick={cancel} disabled={pending !== null} className={SECONDARY}>
              {t('cancel')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
