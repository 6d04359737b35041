import type { Metadata } from 'next';
import { OfflineShell } from '@/components/admin/shell/offline-shell';
import { ConsoleToaster, LoginScreen } from '@/components/admin/shell/login-screen';
import { currentOperator, noOperatorYet } from '@/lib/auth/console-operator';
import { consoleAppTexts } from '@/lib/console-app/texts';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Hors connexion' };

/**
 * The copy of the console the service worker keeps for when there is no network: the header and
 * the views' links, no conversation and no person (nothing of a client stays on the device). Signed
 * out, it is the login screen: nobody's console opens offline.
 */
export default async function OfflinePage() {
  const title = consoleAppTexts().name;
  if (!(await currentOperator())) {
    return (
      <>
        <LoginScreen title={title} noOperatorYet={await noOperatorYet()} />
        <ConsoleToaster />
      </>
    );
  }
  return <OfflineShell title={title} />;
}
