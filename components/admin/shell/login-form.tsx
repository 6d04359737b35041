'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api/api-error';
import { adminApi } from '@/components/admin/shell/admin-api';
import { useOnline } from '@/components/admin/shell/use-console-app';

const FIELD = 'mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2.5 text-base text-slate-900 focus:border-ocean-700';
/** A shell command, the same in every language. */
const CREATE_OPERATOR_COMMAND = 'npm run operator:add -- --email <e-mail>';
const LABEL = 'block text-sm font-semibold text-slate-800';

type ChatTexts = ReturnType<typeof useTranslations<'AdminConsole.chat'>>;

function failureText(error: unknown, t: ChatTexts): string {
  if (!(error instanceof ApiError)) return t('unavailable');
  if (error.status === 401 || error.status === 400) return t('wrongPassword');
  if (error.status === 429) return t('tooManyAttempts', { minutes: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)) });
  return t('unavailable');
}

export function LoginForm({
  title,
  onSignedIn,
  focusOnMount,
  noOperatorYet = false,
}: {
  title: string;
  onSignedIn: (email: string) => void;
  focusOnMount: boolean;
  noOperatorYet?: boolean;
}) {
  const t = useTranslations('AdminConsole.chat');
  const online = useOnline();
  const [pending, setPending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusOnMount) emailRef.current?.focus();
  }, [focusOnMount]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    try {
      const { email, next } = await adminApi.logIn(String(form.get('email') ?? ''), String(form.get('password') ?? ''));
      if (next === 'full') toast({ title: t('loginSuccess'), description: t('loginWelcome') });
      onSignedIn(email);
    } catch (error) {
      toast({ title: t('error'), description: failureText(error, t), variant: 'destructive' });
      if (passwordRef.current) passwordRef.current.value = '';
      passwordRef.current?.focus();
      setPending(false);
    }
  }

  return (
    <main className="mx-auto max-w-md px-4 py-16 sm:py-24">
      <form onSubmit={submit} aria-labelledby="admin-login-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 id="admin-login-title" className="text-2xl font-bold text-ocean-900">
          {title}
        </h1>
        <p role="status" className={online ? 'sr-only' : 'mt-3 flex items-center gap-2 text-sm text-slate-700'}>
          {!online && (
            <>
              <span aria-hidden="true" className="inline-block size-2.5 rounded-full bg-slate-500" />
              {t('noConnection')}
            </>
          )}
        </p>
        {noOperatorYet && (
          <div role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
            <p>{t('noOperatorYet')}</p>
            <code className="mt-2 block break-all rounded bg-white px-2 py-1 font-mono text-xs">{CREATE_OPERATOR_COMMAND}</code>
          </div>
        )}
        <div className="mt-6 space-y-5">
          <div>
            <label htmlFor="admin-email" className={LABEL}>
              {t('email')}
            </label>
            <input ref={emailRef} id="admin-email" name="email" type="email" autoComplete="username" required maxLength={254} className={FIELD} />
          </div>
          <div>
            <label htmlFor="admin-password" className={LABEL}>
              {t('password')}
            </label>
            <input
              ref={passwordRef}
              id="admin-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={1024}
              className={FIELD}
            />
          </div>
        </div>
        <button
          type="submit"
          disabled={pending}
          className="mt-6 inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-ocean-700 px-6 font-semibold text-white hover:bg-ocean-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {pending ? t('loggingIn') : t('logIn')}
        </button>
      </form>
    </main>
  );
}
