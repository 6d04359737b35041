import type { Metadata } from 'next';
import { AdminChatApp } from '@/components/admin/admin-chat-app';
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
  return <AdminChatApp initialEmail={operator?.email ?? null} />;
}
