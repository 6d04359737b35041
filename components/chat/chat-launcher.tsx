'use client';

import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/routing';
import { hasStoredSession, onChatAsk, onEarlyLauncherTap } from './constants';
import type { formatTemplate } from './format';
import type { ChatStore } from './chat-store';
import type { ChatLabels, ChatPanelProps } from './types';

// The panel, the store and the stream stay out of every page's first-load scripts.
const loadPanel = () => import('./chat-panel');
const loadStore = () => import('./chat-store');
// The unread count exists only once the store is loaded: its formatter comes with it.
const loadFormat = () => import('./format');

/** `icons` are rendered on the server (chat-widget), so no icon code ships with the launcher. */
export function ChatLauncher({ locale, labels, icons }: { locale: Locale; labels: ChatLabels; icons: { open: ReactNode; close: ReactNode } }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<{ Panel: ComponentType<ChatPanelProps>; store: ChatStore } | null>(null);
  const [mailLink, setMailLink] = useState<ChatPanelProps['mailLink']>();
  const [unread, setUnread] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const storeRef = useRef<Promise<void> | null>(null);
  const unsubscribeRef = useRef<(() => void) | null>(null);
  const [format, setFormat] = useState<{ template: typeof formatTemplate } | null>(null);

  const attachStore = useCallback(() => {
    storeRef.current ??= Promise.all([loadStore(), loadFormat()]).then(
      ([{ chatStore }, { formatTemplate }]) => {
        setFormat({ template: formatTemplate });
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
    if (window.location.hash.startsWith('#chat')) {
      // A reply mail's link: its conversation replaces any this browser had (chat-store.ts).
      Promise.all([loadPanel(), loadStore()])
        .then(async ([panel, { chatStore }]) => {
          const link = await chatStore.adoptMailLink();
          await attachStore();
          if (!link) return;
          setMailLink(link);
          setLoaded({ Panel: panel.ChatPanel, store: chatStore });
          setOpen(true);
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
  }, [attachStore]);

  const returnFocus = useRef(false);
  const close = useCallback(() => {
    returnFocus.current = true;
    setMailLink(undefined);
    setOpen(false);
  }, []);

  // After the render: on phones the launcher is hidden while the full-screen panel is open.
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    buttonRef.current?.focus();
  }, [open]);

  const openPanel = useCallback(() => {
    setOpen(true);
    Promise.all([loadPanel(), loadStore(), attachStore()])
      .then(([panel, { chatStore }]) => setLoaded({ Panel: panel.ChatPanel, store: chatStore }))
      .catch(() => setOpen(false));
  }, [attachStore]);
  const toggle = () => (open ? close() : openPanel());

  // Tapped before the page's scripts ran: opened now, as the tap asked.
  useEffect(() => onEarlyLauncherTap(openPanel), [openPanel]);

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

  const unreadLabel = unread > 0 && format ? format.template(labels.unread, locale, { count: unread }) : '';
  return (
    <>
      {open && loaded && <loaded.Panel locale={locale} store={loaded.store} labels={labels} onClose={close} mailLink={mailLink} />}
      <button
        ref={buttonRef}
        type="button"
        data-chat-launcher=""
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
