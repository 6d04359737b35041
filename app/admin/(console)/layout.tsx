import type { ReactNode } from 'react';
import { ConsoleShell } from '@/components/admin/shell/console-shell';
import { GraceNotice } from '@/components/admin/security/grace-notice';
import { ConsoleToaster, LoginScreen, type SignInStep } from '@/components/admin/shell/login-screen';
import { currentSignInState, noOperatorYet } from '@/lib/auth/console-operator';
import { currentRole } from '@/lib/auth/role-guard';
import { mauritianDate } from '@/lib/time/mauritius';
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
  const state = await currentSignInState();
  const operator = state?.access === 'full' ? state.session : null;
  const title = consoleAppTexts().name;
  if (!operator) {
    const step: SignInStep =
      state?.access === 'second_factor'
        ? { step: 'second_factor', passkeys: state.methods.passkeys > 0 }
        : state?.access === 'enrol'
          ? { step: 'enrol' }
          : { step: 'password' };
    return (
      <>
        <LoginScreen title={title} noOperatorYet={step.step === 'password' && (await noOperatorYet())} step={step} />
        <ConsoleToaster />
      </>
    );
  }
  const grace = state?.graceEndsAt ? <GraceNotice date={mauritianDate(state.graceEndsAt)} /> : null;
  const [sessions, unhandled, role] = await Promise.all([listSessionSummaryDtos(), countUnhandledLeads(), currentRole(operator.operatorId)]);
  return (
    <>
      <ConsoleShell
        title={title}
        email={operator.email}
        admin={role === 'admin'}
        initialSessions={sessions}
        unhandled={unhandled}
        bookingEnabled={Boolean(config.bookingUrl)}
      >
        {grace}
        {children}
      </ConsoleShell>
      <ConsoleToaster />
    </>
  );
}
