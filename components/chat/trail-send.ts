import { recordChatPage } from './api-client';
import { readStoredSession } from './storage';

/** Same limits as the endpoint (lib/chat/trail.ts, which this bundle does not load). */
const MAX_PATH = 512;
const MAX_TITLE = 200;

let lastPath: string | null = null;

/**
 * Sends the page now shown to the stored conversation's trail: its path, with the query only on
 * the visa finder (a result's answers), and its title. A query change elsewhere is not a new page.
 */
export async function recordPage(): Promise<void> {
  const session = readStoredSession();
  if (!session) return;
  const { pathname, search } = window.location;
  const path = /\/visa-finder\/?$/.test(pathname) ? `${pathname}${search}` : pathname;
  if (path === lastPath || path.length > MAX_PATH) return;
  lastPath = path;
  await recordChatPage({ id: session.id, token: session.token, path, title: document.title.trim().slice(0, MAX_TITLE) }).catch(() => {
    lastPath = null;
  });
}
