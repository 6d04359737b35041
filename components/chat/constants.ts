/** One key for every locale: the session follows the visitor across language switches. */
export const CHAT_STORAGE_KEY = 'maurice-expat:chat-session';

/** A conversation exists in this browser (without parsing it: this runs on every page). */
export function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(CHAT_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

const ASK_EVENT = 'maurice-expat:chat-ask';

/** Opens the chat and sends `message` as the visitor's first words (e.g. a visa-finder summary). */
export function askInChat(message: string) {
  window.dispatchEvent(new CustomEvent<string>(ASK_EVENT, { detail: message }));
}

export function onChatAsk(listener: (message: string) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<string>).detail);
  window.addEventListener(ASK_EVENT, handle);
  return () => window.removeEventListener(ASK_EVENT, handle);
}
