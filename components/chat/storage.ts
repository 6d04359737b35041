import { CHAT_STORAGE_KEY } from './constants';

export interface StoredChatSession {
  id: string;
  token: string;
  /** Highest message id the visitor has seen with the panel open. */
  readId: number;
}

function isStoredSession(value: unknown): value is StoredChatSession {
  if (!value || typeof value !== 'object') return false;
  const { id, token } = value as Record<string, unknown>;
  return typeof id === 'string' && id.length > 0 && typeof token === 'string' && token.length > 0;
}

export function readStoredSession(): StoredChatSession | null {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(CHAT_STORAGE_KEY) ?? 'null');
    if (!isStoredSession(parsed)) return null;
    const readId = Number((parsed as { readId?: unknown }).readId);
    return { id: parsed.id, token: parsed.token, readId: Number.isFinite(readId) ? readId : 0 };
  } catch {
    // Storage disabled (private mode, policy) or corrupted value: behave as a first visit.
    return null;
  }
}

export function writeStoredSession(session: StoredChatSession): void {
  try {
    window.localStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Without storage the chat still works for this page view.
  }
}

export function clearStoredSession(): void {
  try {
    window.localStorage.removeItem(CHAT_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
