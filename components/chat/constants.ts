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

/**
 * A tap on the launcher before the page's scripts have run (they come after the first paint,
 * lib/paint-first): an inline script of the server's HTML notes it, and the launcher opens the
 * chat when it starts. Only until then: the launcher stops the note at its start.
 */
const EARLY = '__chatLauncherEarly';
export const EARLY_LAUNCHER_SCRIPT = `(function(){var n={asked:false};function h(e){var t=e.target;if(t instanceof Element&&t.closest("[data-chat-launcher]"))n.asked=true}document.addEventListener("click",h,true);n.stop=function(){document.removeEventListener("click",h,true)};window.${EARLY}=n})()`;

/** Calls `listener` (in a task of its own) if the launcher was tapped before it started; stops noting taps. */
export function onEarlyLauncherTap(listener: () => void): void {
  const early = (window as unknown as Record<string, { asked: boolean; stop: () => void } | undefined>)[EARLY];
  if (!early) return;
  early.stop();
  delete (window as unknown as Record<string, unknown>)[EARLY];
  if (early.asked) setTimeout(listener);
}
