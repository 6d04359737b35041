'use client';

import { startAuthentication } from '@simplewebauthn/browser';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { securityErrorKey } from '@/components/admin/security/security-errors';
import { adminApi } from './admin-api';

/**
 * The sign-in's second step, at the view's own address: a code of the authenticator app (or a
 * recovery code), or a passkey. Five wrong answers end the step (the password is asked again); ten
 * on the account, from anywhere, suspend it for a while (429 `factor_throttled`, said in French).
 */
export function SecondFactorForm({
  title,
  passkeys,
  onSignedIn,
  onRestart,
}: {
  title: string;
  passkeys: boolean;
  onSignedIn: () => void;
  onRestart: () => void;
}) {
  const t = useTranslations('AdminConsole.security');
  const [pending, setPending] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => codeRef.current?.focus(), []);

  function failed(error: unknown) {
    const key = securityErrorKey(error);
    toast({ title: t('signIn.title'), description: t(`errors.${key}`), variant: 'destructive' });
    if (key === 'factor_locked') onRestart();
    if (codeRef.current) codeRef.current.value = '';
    codeRef.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      await adminApi.secondFactorCode(codeRef.current?.value ?? '');
      onSignedIn();
    } catch (error) {
      failed(error);
      setPending(false);
    }
  }

  async function usePasskey() {
    setPending(true);
    try {
      const optionsJSON = await adminApi.passkeyChallenge();
      await adminApi.passkeyAnswer(await startAuthentication({ optionsJSON }));
      onSignedIn();
    } catch (error) {
      failed(error);
      setPending(false);
    }
  }

  return (
    <main className="mx-auto max-w-md px-4 py-16 sm:py-24">
      <form onSubmit={submit} aria-labelledby="second-factor-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm font-semibold text-slate-700">{title}</p>
        <h1 id="second-factor-title" className="text-2xl font-bold text-ocean-900">
          {t('signIn.title')}
        </h1>
        <p className="mt-2 text-sm text-slate-800">{t('signIn.help')}</p>
        <label htmlFor="second-factor-code" className="mt-5 block text-sm font-semibold text-slate-800">
          {t('signIn.code')}
        </label>
        <input
          ref={codeRef}
          id="second-factor-code"
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          required
          maxLength={64}
          aria-describedby="second-factor-recovery"
          className="mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2.5 font-mono text-lg tracking-widest text-slate-900 focus:border-ocean-700"
        />
        <p id="second-factor-recovery" className="mt-1 text-sm text-slate-700">
          {t('signIn.recoveryHelp')}
        </p>
        <button
          type="submit"
          disabled={pending}
          className="mt-5 inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-ocean-700 px-6 font-semibold text-white hover:bg-ocean-800 disabled:opacity-60"
        >
          {pending ? t('signIn.verifying') : t('signIn.verify')}
        </button>
        {passkeys && (
          <button
            type="button"
            onClick={usePasskey}
            disabled={pending}
            className="mt-3 inline-flex min-h-12 w-full items-center justify-center rounded-lg border border-slate-400 px-6 font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-60"
          >
            {t('signIn.passkey')}
          </button>
        )}
        <button type="button" onClick={onRestart} className="mt-4 min-h-11 text-sm font-semibold text-ocean-800 underline">
          {t('signIn.cancel')}
        </button>
      </form>
    </main>
  );
}
