// Messages typed but not yet acknowledged, kept in the browser until the server saves them: they
// survive going offline, a server restart and a reload, and each carries the idempotency key that
// makes a retry find its message instead of adding a second one.

export interface PendingMessage {
  clientId: string;
  sessionId: string;
  content: string;
}

const KEY = 'maurice-expat:chat-pending';

function isPending(value: unknown): value is PendingMessage {
  const item = value as PendingMessage | null;
  return typeof item?.clientId === 'string' && typeof item.sessionId === 'string' && typeof item.content === 'string';
}

export function readPending(sessionId: string): PendingMessage[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isPending).filter((item) => item.sessionId === sessionId) : [];
  } catch {
    return [];
  }
}

export function writePending(items: readonly PendingMessage[]): void {
  try {
    if (items.length === 0) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, JSON.stringify(items));
  } catch {
    // Without storage the queue still holds for this page view.
  }
}

export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Waits between retries after a network or server failure: 1 s, 2 s, 4 s … up to 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(30_000, 1_000 * 2 ** failures);
}
