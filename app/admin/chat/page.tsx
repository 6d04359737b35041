import type { Metadata } from 'next';
import { AdminChatApp } from '@/components/admin/admin-chat-app';
import { hasOperator } from '@/lib/auth/operators';
import { getCurrentOperator } from '@/lib/auth/operator-session';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Administration Chat',
  robots: { index: false, follow: false, nocache: true },
};

/** Decided on the server: the console for a live operator session, the login form otherwise. */
export default async function AdminChatPage() {
  const operator = await getCurrentOperator().catch((error: unknown) => {
    // The login form still renders; logging in then answers 503 with a message.
    console.error('Operator session check failed:', error instanceof Error ? error.message : error);
    return null;
  });
  // With no account at all the login can never succeed: the screen says how to create one.
  const noOperatorYet = !operator && !(await hasOperator().catch(() => true));
  return <AdminChatApp initialEmail={operator?.email ?? null} noOperatorYet={noOperatorYet} />;
}
