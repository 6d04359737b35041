'use client';

import { useParams, usePathname } from 'next/navigation';
import { VIEW_HREF } from '@/lib/console-app/views';
import { useEffect, type ReactNode } from 'react';
import { useConsole } from '@/components/admin/shell/console-context';
import { rememberOpenedFrom, takeReturnFocus } from '@/components/admin/shell/phone';
import { SessionList } from './session-list';

export const CONVERSATIONS = VIEW_HREF.conversations;

/**
 * The conversations' list beside the open one (the route's page); on a phone the open conversation
 * covers the list. The list is the shell's live one, so it stays as conversations are opened.
 */
export function ConversationsFrame({ children }: { children: ReactNode }) {
  const { state } = useConsole();
  const params = useParams<{ id?: string }>();
  const pathname = usePathname();
  const openId = params.id ? decodeURIComponent(params.id) : null;

  useEffect(() => {
    if (pathname !== CONVERSATIONS) return;
    const item = takeReturnFocus(CONVERSATIONS);
    if (item) document.querySelector<HTMLElement>(`[data-session-id="${CSS.escape(item)}"]`)?.focus();
  }, [pathname]);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)] xl:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)_20rem]">
      <div className={`contents ${openId ? 'max-xs:hidden' : ''}`}>
        <SessionList sessions={state.sessions} selectedId={openId} onOpen={(id) => rememberOpenedFrom(CONVERSATIONS, id)} />
      </div>
      {children}
    </div>
  );
}
