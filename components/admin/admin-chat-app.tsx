'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { Toaster } from '@/components/ui/toast';
import { adminApi } from './admin-api';
import { LoginForm } from './login-form';
import { OperatorConsole } from './operator-console';
import { refreshKeptShell, useConsoleServiceWorker } from './use-console-app';

type Operator = { email: string | null };

/**
 * The server decides which screen comes first. A login screen still asks the API once: the
 * SameSite=Strict cookie is not sent on a navigation from another site (a link in the
 * notification e-mail), but it is on this same-site request.
 */
export function AdminChatApp({
  initialEmail,
  noOperatorYet = false,
  bookingEnabled = false,
}: {
  initialEmail: string | null;
  noOperatorYet?: boolean;
  bookingEnabled?: boolean;
}) {
  const t = useTranslations('AdminConsole.chat');
  const [operator, setOperator] = useState<Operator | null>(initialEmail ? { email: initialEmail } : null);
  const [switched, setSwitched] = useState(false);
  useConsoleServiceWorker();

  useEffect(() => {
    if (initialEmail) return;
    let cancelled = false;
    const probe = () =>
      adminApi
        .listSessions()
        .then(() => {
          if (!cancelled) setOperator((current) => current ?? { email: null });
        })
        .catch(() => undefined);
    void probe();
    // Opened offline (from the kept shell): asked again when the network is back.
    window.addEventListener('online', probe);
    return () => {
      cancelled = true;
      window.removeEventListener('online', probe);
    };
  }, [initialEmail]);

  // The page the server renders has changed: the copy kept for offline use follows.
  const signIn = useCallback((email: string) => {
    setSwitched(true);
    setOperator({ email });
    void refreshKeptShell();
  }, []);
  const signOut = useCallback(() => {
    setSwitched(true);
    setOperator(null);
    void refreshKeptShell();
  }, []);

  return (
    <>
      {operator ? (
        <OperatorConsole email={operator.email} onSignedOut={signOut} focusOnMount={switched} bookingEnabled={bookingEnabled} />
      ) : (
        <LoginForm onSignedIn={signIn} focusOnMount={switched} noOperatorYet={noOperatorYet} />
      )}
      <Toaster closeLabel={t('close')} />
    </>
  );
}
