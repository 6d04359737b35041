import type { ReactNode } from 'react';
import { ConsoleShell } from '@/components/admin/shell/console-shell';
import { ConsoleToaster, LoginScreen } from '@/components/admin/shell/login-screen';
import { currentOperator, noOperatorYet } from '@/lib/auth/console-operator';
import { listSessionSummaryDtos } from '@/lib/chat/admin-queries';
import { config } from '@/lib/config';
import { consoleAppTexts } from '@/lib/console-app/texts';
import { countUnhandledLeads } from '@/lib/leads/admin-queries';

export const dynamic = 'force-dynamic';

/**
 * Every console view: the shell (header, views as links, live stream) around the page for an
 * operator, the login form at the same address otherwise. Each page checks the session again.
 */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const operator = await currentOperator();
  const title = consoleAppTexts().name;
  if (!operator) {
    return (
      <>
        <LoginScreen title={title} noOperatorYet={await noOperatorYet()} />
        <ConsoleToaster />
      </>
    );
  }
  const [sessions, unhandled] = await Promise.all([listSessionSummaryDtos(), countUnhandledLeads()]);
  return (
    <>
      <ConsoleShell title={title} email={operator.email} initialSessions={sessions} unhandled={unhandled} bookingEnabled={Boolean(config.bookingUrl)}>
        {children}
      </ConsoleShell>
      <ConsoleToaster />
    </>
  );
}
