import { keepsQuery, MAX_TRAIL_PATH_LENGTH, MAX_TRAIL_TITLE_LENGTH } from '@/lib/chat/trail-limits';
import { recordChatPage } from './api-client';
import { readStoredSession } from './storage';

/** How long a new page may take to set its title before it is sent without one. */
const TITLE_WAIT_MS = 3000;

let last: { pathname: string; path: string; title: string } | null = null;

/** This page's path as recorded: the query only on the visa finder and a plan, where it holds the answers (and date). */
function currentPath() {
  const { pathname, search } = window.location;
  return { pathname, path: keepsQuery(pathname) ? `${pathname}${search}` : pathname };
}

/**
 * The page's title once it is set: after a client-side navigation Next writes it a moment after
 * the address changes, so a new address waits for a title other than the previous page's.
 */
function pageTitle(previousTitle: string | null): Promise<string> {
  const ready = () => document.title.trim() !== '' && document.title !== previousTitle;
  if (ready()) return Promise.resolve(document.title);
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(ready() ? document.title : '');
    };
    const observer = new MutationObserver(() => ready() && done());
    const timer = setTimeout(done, TITLE_WAIT_MS);
    observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  });
}

/** Sends the page now shown to the stored conversation's trail. A query change elsewhere is not a new page. */
export async function recordPage(): Promise<void> {
  const session = readStoredSession();
  if (!session) return;
  const { pathname, path } = currentPath();
  if (path === last?.path || path.length > MAX_TRAIL_PATH_LENGTH) return;
  const previous = last;
  last = { pathname, path, title: '' };
  const title = await pageTitle(previous && previous.pathname !== pathname ? previous.title : null);
  // Another page came meanwhile: this title may be its own.
  const current = currentPath().path === path;
  if (current && last.path === path) last.title = title;
  await recordChatPage({ id: session.id, token: session.token, path, title: current ? title.trim().slice(0, MAX_TRAIL_TITLE_LENGTH) : '' }).catch(() => {
    if (last?.path === path) last = null;
  });
}
