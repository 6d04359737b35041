'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useCannedReplies } from '@/components/admin/replies/use-canned-replies';
import { NewRecoveryCodes } from '@/components/admin/security/factor-setup';
import { relinkThisDevice, unsubscribeThisDevice } from '@/components/admin/devices/push-client';
import { toast } from '@/components/ui/toast';
import type { SessionSummaryDto } from '@/lib/chat/admin-queries';
import { VIEW_HREF } from '@/lib/console-app/views';
import './zod-jitless';
import { adminApi, isUnauthorized } from './admin-api';
import { ConsoleNav } from './console-nav';
import { ConsoleProvider } from './console-context';
import { shortSessionId } from './format';
import { markSignedOut, takeSignedIn } from './login-screen';
import { useAttention, useUnreadTitle } from './use-attention';
import { refreshKeptShell, useConsoleServiceWorker, useOnline } from './use-console-app';
import { useOperatorConsole } from './use-operator-console';

/** The views that list people (the requests' badge and list follow the `leads` topic everywhere). */
/** Well inside the shortest idle limit (SESSION_IDLE_MINUTES ≥ 5). */
const KEEP_ALIVE_MS = 2 * 60_000;
const SHOWS_PEOPLE = [VIEW_HREF.people, VIEW_HREF.followUps, VIEW_HREF.board, VIEW_HREF.dashboard];

interface Props {
  /** "Console <agency>": the agency's name comes from its content (lib/console-app/texts.ts). */
  title: string;
  email: string;
  /** The operator is an admin (lib/auth/roles.ts): the navigation lists the admins' views. */
  admin: boolean;
  initialSessions: SessionSummaryDto[];
  unhandled: number;
  /** BOOKING_URL is set: the conversation offers the "book a call" card. */
  bookingEnabled: boolean;
  children: ReactNode;
}

/**
 * What stays on screen from view to view (the layout's client part): the header with the views as
 * links, the conversations and their live stream, the alerts. A view is a route; what the stream
 * says changed (a request, a person) makes the server render the view again.
 */
export function ConsoleShell({ title, email, admin, initialSessions, unhandled, bookingEnabled, children }: Props) {
  const t = useTranslations('AdminConsole.chat');
  const router = useRouter();
  const pathname = usePathname();
  useConsoleServiceWorker();
  const attention = useAttention({
    title: t('notifyTitle'),
    body: (message) => t('notifyBody', { shortId: shortSessionId(message.sessionId), preview: message.content.slice(0, 120) }),
  });

  const signedOut = useCallback(() => {
    markSignedOut();
    void refreshKeptShell();
    router.refresh();
  }, [router]);
  const refreshTimer = useRef<number | undefined>(undefined);
  // Changes in a row (a merge, a stage and a note) cause one new render of the view.
  const refreshView = useCallback(() => {
    window.clearTimeout(refreshTimer.current);
    refreshTimer.current = window.setTimeout(() => router.refresh(), 300);
  }, [router]);
  useEffect(() => () => window.clearTimeout(refreshTimer.current), []);
  // An open console keeps its session alive (it ends SESSION_IDLE_MINUTES after the last one closes).
  useEffect(() => {
    const keepAlive = window.setInterval(() => void adminApi.keepAlive().catch(() => undefined), KEEP_ALIVE_MS);
    return () => window.clearInterval(keepAlive);
  }, []);

  const live = useOperatorConsole({
    initialSessions,
    onSignedOut: signedOut,
    onVisitorMessage: (message) => {
      attention.notify(message);
      // A visitor writing reopens a resolved or snoozed conversation: the people views show it.
      if (SHOWS_PEOPLE.some((path) => pathname.startsWith(path))) refreshView();
    },
    onChanged: (topic) => {
      // People change often (each new conversation): only the views that show people are read again.
      if (topic === 'people' && !SHOWS_PEOPLE.some((path) => pathname.startsWith(path))) return;
      refreshView();
    },
  });
  const { state, connected, handleFailure, newMessageNotice, markSigningOut } = live;
  const canned = useCannedReplies({ onFailure: handleFailure });
  const unreadSessions = (state.sessions ?? []).filter((summary) => summary.unreadCount > 0).map((summary) => summary.sessionId);
  useUnreadTitle(new Set([...unreadSessions, ...attention.missed]).size);

  const [leaving, setLeaving] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeSignedIn()) titleRef.current?.focus();
    // This browser's push subscription, if it has one, follows the current session (logging out removes it).
    relinkThisDevice().catch(() => undefined);
    void refreshKeptShell();
  }, []);

  async function logOut() {
    setLeaving(true);
    markSigningOut(true);
    try {
      await adminApi.logOut();
      // The server removed this device's push subscription with the session: the browser's goes too.
      await unsubscribeThisDevice();
      signedOut();
    } catch (error) {
      if (isUnauthorized(error)) return signedOut();
      toast({ title: t('error'), description: t('logoutFailed'), variant: 'destructive' });
      markSigningOut(false);
      setLeaving(false);
    }
  }

  const online = useOnline();
  return (
    <ConsoleProvider value={{ ...live, canned, bookingEnabled, handleFailure, admin }}>
      <div className="flex min-h-dvh flex-col">
        <header className="border-b border-slate-200 bg-white pt-[env(safe-area-inset-top)]">
          {/* On a phone the two groups dissolve into three rows: the title and Log out, the views, the connection and notifications. */}
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 max-xs:justify-start max-xs:gap-x-3 max-xs:gap-y-1 max-xs:py-2">
            <div className="flex min-w-0 flex-wrap items-center gap-4 max-xs:contents">
              <h1 ref={titleRef} tabIndex={-1} className="text-xl font-bold text-ocean-900 max-xs:order-1 max-xs:min-w-0 max-xs:flex-1 max-xs:text-lg">
                {title}
              </h1>
              <div className="min-w-0 max-xs:order-3 max-xs:w-full">
                <ConsoleNav unhandled={unhandled} admin={admin} />
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-4 text-sm text-slate-700 max-xs:contents">
              <p role="status" className="flex items-center gap-2 max-xs:order-4">
                <span
                  aria-hidden="true"
                  className={`inline-block size-2.5 rounded-full ${!online ? 'bg-slate-500' : connected ? 'bg-green-600' : 'bg-amber-500'}`}
                />
                {!online ? t('noConnection') : connected ? t('live') : t('offline')}
              </p>
              {attention.permission === 'default' && (
                <button
                  type="button"
                  onClick={() => void attention.askPermission()}
                  className="inline-flex min-h-10 items-center rounded-lg border border-ocean-700 px-4 font-semibold text-ocean-800 hover:bg-ocean-50 max-xs:order-5"
                >
                  {t('enableNotifications')}
                </button>
              )}
              <p className="max-xs:sr-only">
                {t('loggedInAs')} <span className="font-medium text-slate-900">{email}</span>
              </p>
              <button
                type="button"
                onClick={logOut}
                disabled={leaving}
                className="inline-flex min-h-10 items-center rounded-lg border border-slate-400 px-4 font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60 max-xs:order-2"
              >
                {t('logOut')}
              </button>
            </div>
          </div>
        </header>
        {/* overflow-wrap is inherited: a visitor's 2,000-character word wraps instead of widening the page on a phone. */}
        <main className="mx-auto w-full min-w-0 max-w-7xl flex-1 p-4 [overflow-wrap:anywhere]">
          <NewRecoveryCodes />
          {children}
        </main>
        <p aria-live="polite" className="sr-only">
          {newMessageNotice ? t('newMessageIn', { shortId: shortSessionId(newMessageNotice.sessionId) }) : ''}
        </p>
      </div>
    </ConsoleProvider>
  );
}
