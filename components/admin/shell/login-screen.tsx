'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Toaster } from '@/components/ui/toast';
import { adminApi } from './admin-api';
import { EnrolScreen } from './enrol-screen';
import { LoginForm } from './login-form';
import { SecondFactorForm } from './second-factor-form';
import { refreshKeptShell, useConsoleServiceWorker } from './use-console-app';

/** Set by a login in this tab: the console's title takes the focus once it is shown. */
let signedInHere = false;
export function takeSignedIn(): boolean {
  const value = signedInHere;
  signedInHere = false;
  return value;
}
/** Set by a logout in this tab: the login form's first field takes the focus. */
let signedOutHere = false;
export function markSignedOut() {
  signedOutHere = true;
}

/**
 * The login form in place of any console view, at that view's address: once signed in, the
 * server renders the same address again, now the view. A page opened from another site (a link in
 * a notification e-mail) comes without the SameSite=Strict cookie: one same-site request tells.
 */
export type SignInStep = { step: 'password' } | { step: 'second_factor'; passkeys: boolean } | { step: 'enrol' };

export function LoginScreen({ title, noOperatorYet, step = { step: 'password' } }: { title: string; noOperatorYet: boolean; step?: SignInStep }) {
  const router = useRouter();
  const [focusOnMount] = useState(() => {
    const value = signedOutHere;
    signedOutHere = false;
    return value;
  });
  useConsoleServiceWorker();

  useEffect(() => {
    let cancelled = false;
    const probe = () =>
      adminApi
        .listSessions()
        .then(() => {
          if (!cancelled) router.refresh();
        })
        .catch(() => undefined);
    void probe();
    // Opened offline (from the kept shell): asked again when the network is back.
    window.addEventListener('online', probe);
    return () => {
      cancelled = true;
      window.removeEventListener('online', probe);
    };
  }, [router]);

  function signedIn() {
    signedInHere = true;
    // The page the server renders has changed: the copy kept for offline use follows.
    void refreshKeptShell();
    router.refresh();
  }

  function restart() {
    void adminApi
      .logOut()
      .catch(() => undefined)
      .finally(() => router.refresh());
  }

  if (step.step === 'second_factor') return <SecondFactorForm title={title} passkeys={step.passkeys} onSignedIn={signedIn} onRestart={restart} />;
  if (step.step === 'enrol') return <EnrolScreen title={title} onEnrolled={signedIn} onRestart={restart} />;
  return <LoginForm title={title} onSignedIn={signedIn} focusOnMount={focusOnMount} noOperatorYet={noOperatorYet} />;
}

/** One toaster for the login screen and the console alike: "Connexion réussie" outlives the switch. */
export function ConsoleToaster() {
  const t = useTranslations('AdminConsole.chat');
  return <Toaster closeLabel={t('close')} />;
}
