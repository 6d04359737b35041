'use client';

import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/routing';
import { CHAT_STORAGE_KEY, onChatAsk } from './constants';
import { unreadText } from './format';
import type { ChatStore } from './chat-store';
import type { ChatLabels, ChatPanelProps } from './types';

// The panel, the store and the stream stay out of every page's first-load scripts.
const loadPanel = () => import('./chat-panel');
const loadStore = () => import('./chat-store');

const LINK = /^#chat(-erase)?=([A-Za-z0-9_-]{16,128})$/;

/** A reply mail's link (`#chat=<token>` or `#chat-erase=<token>`), taken out of the address at once. */
function takeMailLink(): { token: string; erase: boolean } | null {
  const match = LINK.exec(window.location.hash);
  if (!match?.[2]) return null;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  return { token: match[2], erase: Boolean(match[1]) };
}

function hasStoredSession() {
  try {
    return window.localStorage.getItem(CHAT_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/** `icons` are rendered on the server (chat-widget), so no icon code ships with the launcher. */
export function ChatLauncher({ locale, labels, icons }: { locale: Locale; labels: ChatLabels; icons: { open: ReactNode; close: ReactNode } }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<{ Panel: ComponentType<ChatPanelProps>; store: ChatStore } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [unread, setUnread] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const storeRef = useRef<Promise<void> | null>(null);
  const unsubscribeRef = useRef<(() => void) | null>(null);

  const attachStore = useCallback(() => {
    storeRef.current ??= loadStore().then(
      ({ chatStore }) => {
        const sync = () => setUnread(chatStore.getState().unread);
        unsubscribeRef.current = chatStore.subscribe(sync);
        sync();
        chatStore.resume();
      },
      (error: unknown) => {
        storeRef.current = null;
        throw error;
      },
    );
    return storeRef.current;
  }, []);

  useEffect(() => {
    let cancelled = false;
    const link = takeMailLink();
    if (link) {
      // The link's conversation replaces any this browser had; the panel opens on it (or on its erase confirmation).
      Promise.all([loadPanel(), loadStore()])
        .then(async ([panel, { chatStore }]) => {
          const adopted = await chatStore.adoptFromLink(link.token);
          await attachStore();
          setConfirmDelete(adopted && link.erase);
          setLoaded({ Panel: panel.ChatPanel, store: chatStore });
          setOpen(true);
          if (!adopted) {
            const { toast } = await import('@/components/ui/toast');
            toast({ title: labels.errorTitle, description: labels.linkExpired, variant: 'destructive' });
          }
        })
        .catch(() => undefined);
    } else if (hasStoredSession()) {
      // A returning visitor keeps a live unread badge; the stream code loads once the page is idle.
      const start = () => {
        if (!cancelled) attachStore().catch(() => undefined);
      };
      if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 4000 });
      else setTimeout(start, 2000);
    }
    return () => {
      cancelled = true;
      unsubscribeRef.current?.();
      storeRef.current = null;
    };
  }, [attachStore, labels.errorTitle, labels.linkExpired]);

  const returnFocus = useRef(false);
  const close = useCallback(() => {
    returnFocus.current = true;
    setConfirmDelete(false);
    setOpen(false);
  }, []);

  // After the render: on phones the launcher is hidden while the full-screen panel is open.
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    buttonRef.current?.focus();
  }, [open]);

  const toggle = () => {
    if (open) return close();
    setOpen(true);
    Promise.all([loadPanel(), loadStore(), attachStore()])
      .then(([panel, { chatStore }]) => setLoaded({ Panel: panel.ChatPanel, store: chatStore }))
      .catch(() => setOpen(false));
  };

  useEffect(
    () =>
      onChatAsk((message) => {
        setOpen(true);
        Promise.all([loadPanel(), loadStore(), attachStore()])
          .then(([panel, { chatStore }]) => {
            setLoaded({ Panel: panel.ChatPanel, store: chatStore });
            return chatStore.sendWhenReady(message);
          })
          .catch(() => setOpen(false));
      }),
    [attachStore],
  );

  const unreadLabel = unread > 0 ? unreadText(locale, unread, labels.unreadOne, labels.unreadOther) : '';
  return (
    <>
      {open && loaded && <loaded.Panel locale={locale} store={loaded.store} labels={labels} onClose={close} confirmDelete={confirmDelete} />}
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={toggle}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) close();
        }}
        onPointerEnter={() => void loadPanel().catch(() => undefined)}
        onFocus={() => void loadPanel().catch(() => undefined)}
        className={`fixed right-4 bottom-4 z-50 flex size-14 items-center justify-center rounded-full bg-coral-600 text-white shadow-lg transition-colors hover:bg-coral-700 ${open ? 'max-[479px]:hidden' : ''}`}
      >
        {open ? icons.close : icons.open}
        <span className="sr-only">{open ? labels.close : labels.open}</span>
        {unread > 0 && !open && (
          <span className="absolute -top-1 -right-1 flex h-6 min-w-6 items-center justify-center rounded-full bg-ocean-800 px-1 text-xs font-bold ring-2 ring-white">
            <span aria-hidden="true">{unread > 9 ? '9+' : unread}</span>
            <span className="sr-only">{unreadLabel}</span>
          </span>
        )}
      </button>
      {/* aria-live without role="status": the page's own status messages stay the only ones. */}
      <span aria-live="polite" className="sr-only">
        {open ? '' : unreadLabel}
      </span>
    </>
  );
}
