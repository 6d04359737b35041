/** One key for every locale: the session follows the visitor across language switches. */
export const CHAT_STORAGE_KEY = 'maurice-expat:chat-session';

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
