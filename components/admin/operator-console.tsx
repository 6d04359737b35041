'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useVisualViewport } from '@/components/ui/use-visual-viewport';
import { adminApi, isUnauthorized } from './admin-api';
import { CannedRepliesView } from './canned-replies-view';
import { DashboardView } from './dashboard-view';
import { ConsoleTabs, panelId, tabId, type ConsoleView } from './console-tabs';
import { shortSessionId } from './format';
import { LeadsView } from './leads-view';
import { PeopleView } from './people-view';
import { unsubscribeThisDevice } from './push-client';
import { PushDevicesView } from './push-devices-view';
import { SessionList } from './session-list';
import { SessionPane } from './session-pane';
import { StageBoard } from './stage-board';
import { useAttention, useUnreadTitle } from './use-attention';
import { useCannedReplies } from './use-canned-replies';
import { useOnline } from './use-console-app';
import { useLeads } from './use-leads';
import { useOperatorConsole } from './use-operator-console';
import { usePeople } from './use-people';
import { linkedTarget, PHONE_QUERY, usePhoneDetail } from './use-phone-detail';
import { VisitorTrail } from './visitor-trail';

interface Props {
  email: string | null;
  onSignedOut: () => void;
  focusOnMount: boolean;
  /** BOOKING_URL is set: the pane offers the "book a call" card. */
  bookingEnabled?: boolean;
}

export function OperatorConsole({ email, onSignedOut, focusOnMount, bookingEnabled = false }: Props) {
  const t = useTranslations('AdminConsole.chat');
  const peopleMessage = useRef(() => {});
  const attention = useAttention({
    title: t('notifyTitle'),
    body: (message) => t('notifyBody', { shortId: shortSessionId(message.sessionId), preview: message.content.slice(0, 120) }),
  });
  const {
    loadOlder,
    sendBooking,
    sendTyping,
    visitorTyping,
    visitorTrail,
    state,
    connected,
    newMessageNotice,
    selectSession,
    sendReply,
    handleFailure,
    refreshSessions,
    markSigningOut,
  } = useOperatorConsole({
    onSignedOut,
    onVisitorMessage: (message) => {
      attention.notify(message);
      peopleMessage.current();
    },
  });
  const unreadSessions = (state.sessions ?? []).filter((summary) => summary.unreadCount > 0).map((summary) => summary.sessionId);
  useUnreadTitle(new Set([...unreadSessions, ...attention.missed]).size);
  const [view, setView] = useState<ConsoleView>('conversations');
  const leads = useLeads({ active: view === 'leads', onFailure: handleFailure });
  const canned = useCannedReplies({ active: view === 'canned', onFailure: handleFailure });
  const people = usePeople({ active: view === 'people', onFailure: handleFailure });
  useEffect(() => {
    peopleMessage.current = people.onVisitorMessage;
  });
  // The manager is built the first time its view is shown, then kept (with a draft in progress).
  const [cannedShown, setCannedShown] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusOnMount) titleRef.current?.focus();
  }, [focusOnMount]);

  async function logOut() {
    setLeaving(true);
    markSigningOut(true);
    try {
      await adminApi.logOut();
      // The server removed this device's push subscription with the session: the browser's goes too.
      await unsubscribeThisDevice();
      onSignedOut();
    } catch (error) {
      if (isUnauthorized(error)) return onSignedOut();
      toast({ title: t('error'), description: t('logoutFailed'), variant: 'destructive' });
      markSigningOut(false);
      setLeaving(false);
    }
  }

  function changeView(next: ConsoleView) {
    setView(next);
    if (next === 'canned') setCannedShown(true);
  }

  const online = useOnline();
  const conversation = usePhoneDetail('conversation');
  const person = usePhoneDetail('person');
  // On a phone the conversation's details and trail are one tap away instead of beside it.
  const [infoOpen, setInfoOpen] = useState(false);
  // Safari on iOS keeps the page's height when the keyboard opens (Chromium shrinks it, see the
  // viewport's interactive-widget): the full-screen conversation follows the visual viewport.
  const conversationScreen = useRef<HTMLDivElement>(null);
  useVisualViewport(conversationScreen, { top: '--screen-top', height: '--screen-height' });

  function openConversation(sessionId: string, options?: { fromAddress?: boolean }) {
    conversation.show(`conversation=${encodeURIComponent(sessionId)}`, options);
    setInfoOpen(false);
    void selectSession(sessionId);
    // On a phone the list it was opened from is hidden: the focus goes to the conversation.
    if (window.matchMedia(PHONE_QUERY).matches) window.requestAnimationFrame(() => document.getElementById('pane-title')?.focus());
  }

  const focusSessionItem = (sessionId: string) =>
    window.requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-session-id="${CSS.escape(sessionId)}"]`)?.focus());
  // The conversation to give the focus back to once the list shows again: on a phone, going back
  // goes through the history (popstate), which may take longer than a frame.
  const focusAfterClose = useRef<string | null>(null);
  useEffect(() => {
    const sessionId = focusAfterClose.current;
    if (conversation.open || !sessionId) return;
    focusAfterClose.current = null;
    focusSessionItem(sessionId);
  }, [conversation.open]);

  function closeConversation() {
    const sessionId = state.pane?.sessionId ?? null;
    if (conversation.open) focusAfterClose.current = sessionId;
    else if (sessionId) focusSessionItem(sessionId);
    conversation.back();
  }

  function openLinkedSession(sessionId: string) {
    setView('conversations');
    openConversation(sessionId);
    if (window.matchMedia(PHONE_QUERY).matches) return;
    // The button that was clicked is now hidden: focus follows to the conversation.
    window.requestAnimationFrame(() => {
      const item = document.querySelector<HTMLElement>(`[data-session-id="${CSS.escape(sessionId)}"]`);
      (item ?? document.getElementById(tabId('conversations')))?.focus();
    });
  }

  function showPerson(key: string, options?: { fromAddress?: boolean }) {
    person.show(`person=${encodeURIComponent(key)}`, options);
    void people.open(key);
    // On a phone the list is hidden: the focus (and the page) go to the person's top.
    if (window.matchMedia(PHONE_QUERY).matches) window.requestAnimationFrame(() => document.getElementById('person-back')?.focus());
  }

  function openPerson(key: string) {
    setView('people');
    showPerson(key);
    if (!window.matchMedia(PHONE_QUERY).matches) window.requestAnimationFrame(() => document.getElementById('person-title')?.focus());
  }

  // A link to a conversation or a person (a notification's) opens it once the console is shown.
  const followLink = useEffectEvent(() => {
    const linked = linkedTarget();
    if (linked.conversation) {
      conversation.show('', { fromAddress: true });
      void selectSession(linked.conversation);
    } else if (linked.person) {
      setView('people');
      person.show('', { fromAddress: true });
      void people.open(linked.person);
    }
  });
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the link's address is known only in the browser, after hydration
  useEffect(() => followLink(), []);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white pt-[env(safe-area-inset-top)]">
        {/* On a phone the two groups dissolve into three rows: the title and Log out, the tabs, the connection and notifications. */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 max-xs:justify-start max-xs:gap-x-3 max-xs:gap-y-1 max-xs:py-2">
          <div className="flex min-w-0 flex-wrap items-center gap-4 max-xs:contents">
            <h1 ref={titleRef} tabIndex={-1} className="text-xl font-bold text-ocean-900 max-xs:order-1 max-xs:min-w-0 max-xs:flex-1 max-xs:text-lg">
              {t('title')}
            </h1>
            <div className="min-w-0 max-xs:order-3 max-xs:w-full">
              <ConsoleTabs view={view} unhandled={leads.state.unhandled} onChange={changeView} />
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
            {email && (
              <p className="max-xs:sr-only">
                {t('loggedInAs')} <span className="font-medium text-slate-900">{email}</span>
              </p>
            )}
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
        <div role="tabpanel" id={panelId('conversations')} aria-labelledby={tabId('conversations')} hidden={view !== 'conversations'}>
          <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)] xl:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)_20rem]">
            <div className={`contents ${conversation.open ? 'max-xs:hidden' : ''}`}>
              <SessionList sessions={state.sessions} selectedId={state.pane?.sessionId ?? null} onSelect={(id) => openConversation(id)} />
            </div>
            {/* A phone shows the open conversation alone, over the whole screen. */}
            <div
              data-conversation-screen=""
              ref={conversationScreen}
              className={`contents max-xs:fixed max-xs:inset-x-0 max-xs:top-[var(--screen-top,0px)] max-xs:h-[var(--screen-height,100dvh)] max-xs:z-30 max-xs:flex max-xs:flex-col max-xs:bg-white max-xs:pt-[env(safe-area-inset-top)] max-xs:pr-[env(safe-area-inset-right)] max-xs:pl-[env(safe-area-inset-left)] ${
                conversation.open && state.pane ? (infoOpen ? 'max-xs:overflow-y-auto' : '') : 'max-xs:hidden'
              }`}
            >
              <SessionPane
                pane={state.pane}
                onSend={sendReply}
                onLoadOlder={loadOlder}
                onSendBooking={bookingEnabled ? sendBooking : undefined}
                onTyping={sendTyping}
                visitorTyping={state.pane ? visitorTyping.has(state.pane.sessionId) : false}
                cannedReplies={canned.replies ?? undefined}
                phone={{ onBack: closeConversation, infoOpen, onToggleInfo: () => setInfoOpen((open) => !open) }}
              />
              {state.pane && (
                <div id="conversation-trail" className={`contents ${infoOpen ? '' : 'max-xs:hidden'}`}>
                  <VisitorTrail key={state.pane.sessionId} state={visitorTrail} />
                </div>
              )}
            </div>
          </div>
        </div>
        <div role="tabpanel" id={panelId('people')} aria-labelledby={tabId('people')} hidden={view !== 'people'}>
          <PeopleView
            people={people}
            onOpenSession={openLinkedSession}
            onFailure={handleFailure}
            onOpenPerson={(key) => showPerson(key)}
            detailOpen={person.open}
            onBack={person.back}
          />
        </div>
        <div role="tabpanel" id={panelId('board')} aria-labelledby={tabId('board')} hidden={view !== 'board'}>
          <StageBoard active={view === 'board'} onFailure={handleFailure} onOpenPerson={openPerson} />
        </div>
        <div role="tabpanel" id={panelId('dashboard')} aria-labelledby={tabId('dashboard')} hidden={view !== 'dashboard'}>
          <DashboardView active={view === 'dashboard'} onFailure={handleFailure} />
        </div>
        <div role="tabpanel" id={panelId('leads')} aria-labelledby={tabId('leads')} hidden={view !== 'leads'}>
          <LeadsView leads={leads} onFailure={handleFailure} onOpenSession={openLinkedSession} onErased={() => void refreshSessions()} />
        </div>
        <div role="tabpanel" id={panelId('canned')} aria-labelledby={tabId('canned')} hidden={view !== 'canned'}>
          {cannedShown && <CannedRepliesView canned={canned} />}
        </div>
        <div role="tabpanel" id={panelId('push')} aria-labelledby={tabId('push')} hidden={view !== 'push'}>
          <PushDevicesView active={view === 'push'} onFailure={handleFailure} />
        </div>
      </main>
      <p aria-live="polite" className="sr-only">
        {newMessageNotice ? t('newMessageIn', { shortId: shortSessionId(newMessageNotice.sessionId) }) : ''}
      </p>
    </div>
  );
}
