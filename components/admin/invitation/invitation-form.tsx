'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState, useTransition } from 'react';
import { setInvitedPassword } from './actions';

const INPUT = 'mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 text-base font-normal';

/**
 * The new operator chooses a password: the token is the address's fragment (never sent to a server
 * but by this form's POST), and leaves the address bar once it is spent.
 */
export function InvitationForm({ minLength }: { minLength: number }) {
  const t = useTranslations('AdminConsole.invitation');
  const [problem, setProblem] = useState<string | null>(null);
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  if (doneFor) {
    return (
      <div role="status" className="space-y-3">
        <p>{t('done', { email: doneFor })}</p>
        <Link href="/admin" className="inline-flex min-h-11 items-center rounded-lg bg-ocean-700 px-4 font-semibold text-white hover:bg-ocean-800">
          {t('signIn')}
        </Link>
      </div>
    );
  }
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const token = window.location.hash.slice(1);
        if (!token) return setProblem(t('noToken'));
        const password = String(data.get('password') ?? '');
        if (password !== data.get('repeat')) return setProblem(t('mismatch'));
        if ([...password].length < minLength) return setProblem(t('tooShort'));
        startTransition(async () => {
          const result = await setInvitedPassword(token, password).catch(() => null);
          if (result?.ok) {
            window.history.replaceState(null, '', window.location.pathname);
            return setDoneFor(result.value.email);
          }
          setProblem(result?.code === 'invitation_invalid' ? t('invalid') : result?.code === 'password_too_short' ? t('tooShort') : t('failed'));
        });
      }}
    >
      <label className="block text-sm font-semibold text-slate-800">
        {t('password')}
        <input name="password" type="password" required minLength={minLength} maxLength={1024} autoComplete="new-password" className={INPUT} />
      </label>
      <label className="block text-sm font-semibold text-slate-800">
        {t('repeat')}
        <input name="repeat" type="password" required minLength={minLength} maxLength={1024} autoComplete="new-password" className={INPUT} />
      </label>
      {problem && (
        <p role="alert" className="font-semibold text-red-800">
          {problem}
        </p>
      )}
      <button
        type="submit"
        disabled={pending}
        className="inline-flex min-h-11 items-center rounded-lg bg-ocean-700 px-5 font-semibold text-white hover:bg-ocean-800 disabled:opacity-60"
      >
        {pending ? t('saving') : t('submit')}
      </button>
    </form>
  );
}
