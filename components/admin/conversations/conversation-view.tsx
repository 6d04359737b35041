'use client';

import { useEffect, useRef, useState } from 'react';
import { useConsole } from '@/components/admin/shell/console-context';
import type { Pane } from '@/components/admin/shell/console-state';
import { isPhone, useBackToList } from '@/components/admin/shell/phone';
import { useVisualViewport } from '@/components/ui/use-visual-viewport';
import type { SessionDetailDto } from '@/lib/chat/admin-queries';
import { CONVERSATIONS } from './conversations-frame';
import { SessionPane } from './session-pane';
import { VisitorTrail } from './visitor-trail';

const paneOf = (detail: SessionDetailDto): Pane => ({
  sessionId: detail.session.id,
  info: detail.session,
  messages: detail.messages,
  status: 'ready',
  before: detail.before,
});

/**
 * One conversation, as the server rendered it for its address, then live: the shell's state takes
 * it over (messages that arrive, older pages, replies). On a phone it covers the list.
 */
export function ConversationView({ detail }: { detail: SessionDetailDto }) {
  const console = useConsole();
  const { showSession, closeSession, state } = console;
  const sessionId = detail.session.id;
  useEffect(() => {
    showSession(detail);
  }, [detail, showSession]);
  useEffect(() => () => closeSession(), [closeSession]);
  useEffect(() => {
    // On a phone the list it was opened from is hidden: the focus goes to the conversation.
    if (isPhone()) document.getElementById('pane-title')?.focus();
  }, [sessionId]);

  const pane = state.pane?.sessionId === sessionId ? state.pane : paneOf(detail);
  // On a phone the conversation's details and trail are one tap away instead of beside it.
  const [infoOpen, setInfoOpen] = useState(false);
  const back = useBackToList(CONVERSATIONS, sessionId);
  // Safari on iOS keeps the page's height when the keyboard opens (Chromium shrinks it, see the
  // viewport's interactive-widget): the full-screen conversation follows the visual viewport.
  const screen = useRef<HTMLDivElement>(null);
  useVisualViewport(screen, { top: '--screen-top', height: '--screen-height' });

  return (
    <div
      data-conversation-screen=""
      ref={screen}
      className={`contents max-xs:fixed max-xs:inset-x-0 max-xs:top-[var(--screen-top,0px)] max-xs:z-30 max-xs:flex max-xs:h-[var(--screen-height,100dvh)] max-xs:flex-col max-xs:bg-white max-xs:pt-[env(safe-area-inset-top)] max-xs:pr-[env(safe-area-inset-right)] max-xs:pl-[env(safe-area-inset-left)] ${
        infoOpen ? 'max-xs:overflow-y-auto' : ''
      }`}
    >
      <SessionPane
        pane={pane}
        onSend={console.sendReply}
        onLoadOlder={console.loadOlder}
        onSendBooking={console.bookingEnabled ? console.sendBooking : undefined}
        onTyping={console.sendTyping}
        visitorTyping={console.visitorTyping.has(sessionId)}
        cannedReplies={console.canned.replies ?? undefined}
        phone={{ onBack: back, infoOpen, onToggleInfo: () => setInfoOpen((open) => !open) }}
      />
      <div id="conversation-trail" className={`contents ${infoOpen ? '' : 'max-xs:hidden'}`}>
        <VisitorTrail key={sessionId} state={console.visitorTrail} />
      </div>
    </div>
  );
}

/** The conversations' address without one open: the prompt to pick one (beside the list; none on a phone). */
export function NoConversation() {
  return (
    <div className="max-xs:hidden">
      <SessionPane pane={null} onSend={async () => false} />
    </div>
  );
}
