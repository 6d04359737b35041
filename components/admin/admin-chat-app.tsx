'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { Toaster } from '@/components/ui/toast';
import { adminApi } from './admin-api';
import { LoginForm } from './login-form';
import { OperatorConsole } from './operator-console';
import { useConsoleServiceWorker } from './use-console-app';

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
    adminApi
      .listSessions()
      .then(() => {
        if (!cancelled) setOperator((current) => current ?? { email: null });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [initialEmail]);

  const signIn = useCallback((email: string) => {
    setSwitched(true);
    setOperator({ email });
  }, []);
  const signOut = useCallback(() => {
    setSwitched(true);
    setOperator(null);
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
