import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { AdminChatApp } from '@/components/admin/admin-chat-app';
import { hasOperator } from '@/lib/auth/operators';
import { getCurrentOperator } from '@/lib/auth/operator-session';
import { config } from '@/lib/config';
import { messagesFor, pick } from '@/lib/i18n/messages';
import { DEFAULT_LOCALE } from '@/lib/i18n/routing';

export const dynamic = 'force-dynamic';

// The console speaks French only (spec): the reference language of the messages.
const messages = pick(messagesFor(DEFAULT_LOCALE), ['AdminConsole']);

export const metadata: Metadata = {
  title: messages.AdminConsole.chat.title,
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
  return (
    <NextIntlClientProvider locale={DEFAULT_LOCALE} messages={messages}>
      <AdminChatApp initialEmail={operator?.email ?? null} noOperatorYet={noOperatorYet} bookingEnabled={Boolean(config.bookingUrl)} />
    </NextIntlClientProvider>
  );
}
