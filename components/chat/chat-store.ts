import { ApiError } from '@/lib/api/api-error';
import { runEventStream, type StreamStatus } from '@/lib/chat/event-stream';
import { countUnread, lastMessageId, mergeMessages, type ChatMessageDto } from '@/lib/chat/message';
import { authHeaders, createChatSession, deleteChatSession, fetchChatMessages, markChatRead, sendChatMessage, sessionUrl } from './api-client';
import { CHAT_STORAGE_KEY } from './constants';
import { clearStoredSession, readStoredSession, writeStoredSession } from './storage';

export interface ChatState {
  phase: 'idle' | 'initializing' | 'ready' | 'failed';
  failure: 'noSession' | 'rateLimited' | null;
  session: { id: string; token: string } | null;
  messages: ChatMessageDto[];
  unread: number;
  connection: StreamStatus;
}

export type SendOutcome = { ok: true } | { ok: false; reason: 'noSession' | 'rateLimited' | 'failed' };

const INITIAL: ChatState = { phase: 'idle', failure: null, session: null, messages: [], unread: 0, connection: 'connecting' };

let state = INITIAL;
let readId = 0;
let panelOpen = false;
let origin = { locale: 'fr', startPage: '/' };
let stream: AbortController | null = null;
let creating = false;
let watchingStorage = false;
const listeners = new Set<() => void>();

function update(patch: Partial<ChatState>) {
  const next = { ...state, ...patch };
  next.unread = panelOpen ? 0 : countUnread(next.messages, readId, 'operator');
  state = next;
  for (const listener of listeners) listener();
}

function addMessages(incoming: ChatMessageDto[]) {
  const sessionId = state.session?.id;
  const merged = mergeMessages(state.messages, incoming.filter((message) => message.sessionId === sessionId));
  if (merged !== state.messages) update({ messages: merged });
  markSeen();
}

/** Moves the read marker when the open panel shows newer messages (locally and on the server). */
function markSeen() {
  const session = state.session;
  const newest = lastMessageId(state.messages);
  if (!panelOpen || !session || newest <= readId) return;
  readId = newest;
  writeStoredSession({ ...session, readId });
  markChatRead({ ...session, upToId: newest }).catch(() => {
    // The local marker already hides the badge; the server marker is best effort.
  });
}

function reject() {
  stream?.abort();
  stream = null;
  clearStoredSession();
  readId = 0;
  update({ ...INITIAL });
  if (panelOpen) void createSession();
}

async function attach(session: { id: string; token: string }) {
  update({ phase: 'ready', failure: null, session, messages: [] });
  if (!watchingStorage) window.addEventListener('storage', syncFromOtherTab);
  watchingStorage = true;
  const controller = new AbortController();
  stream = controller;
  try {
    addMessages(await fetchChatMessages(session));
  } catch (error) {
    if (error instanceof ApiError && error.refused) return reject();
    // Otherwise the stream below replays the history from Last-Event-ID 0.
  }
  if (controller.signal.aborted) return;
  void runEventStream({
    url: sessionUrl(session.id, 'events'),
    headers: authHeaders(session.token),
    signal: controller.signal,
    lastId: () => lastMessageId(state.messages),
    onMessage: (message) => addMessages([message]),
    onStatus: (connection) => update({ connection }),
    onRejected: reject,
  });
}

async function createSession() {
  if (creating || state.session) return;
  creating = true;
  update({ phase: 'initializing', failure: null });
  try {
    const session = await createChatSession(origin);
    writeStoredSession({ ...session, readId: 0 });
    readId = 0;
    await attach(session);
  } catch (error) {
    const rateLimited = error instanceof ApiError && error.status === 429;
    update({ phase: 'failed', failure: rateLimited ? 'rateLimited' : 'noSession' });
  } finally {
    creating = false;
  }
}

function syncFromOtherTab(event: StorageEvent) {
  if (event.key !== CHAT_STORAGE_KEY) return;
  const stored = readStoredSession();
  if (!stored || stored.id !== state.session?.id || stored.readId <= readId) return;
  readId = stored.readId;
  update({});
}

/** Reconnects a session kept from an earlier visit; never creates one. */
function resume() {
  if (state.session || creating) return;
  const stored = readStoredSession();
  if (!stored) return;
  readId = stored.readId;
  void attach({ id: stored.id, token: stored.token });
}

export const chatStore = {
  getState: (): ChatState => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  resume,
  open(from: { locale: string; startPage: string }) {
    origin = from;
    panelOpen = true;
    // A stream the server closed for newer tabs is opened again here: this tab is now the newest.
    if (state.session && state.connection === 'closed') void attach(state.session);
    resume();
    if (!state.session) void createSession();
    update({});
    markSeen();
  },
  close() {
    panelOpen = false;
    update({});
  },
  /** Sends once a session is ready (the panel creates it), e.g. the visa finder's summary. */
  sendWhenReady(content: string): Promise<SendOutcome> {
    if (state.session) return chatStore.send(content);
    return new Promise((resolve) => {
      // Every state update calls `check`, including the ones the send itself causes: stop
      // listening before sending, or the message goes out once per update (issue 15).
      const check = () => {
        if (state.phase === 'failed') {
          listeners.delete(check);
          resolve({ ok: false, reason: 'noSession' });
        } else if (state.session) {
          listeners.delete(check);
          void chatStore.send(content).then(resolve);
        }
      };
      listeners.add(check);
    });
  },
  /** Erases the conversation on the server, then forgets it here; the next open starts afresh. */
  async forget(): Promise<boolean> {
    const session = state.session;
    if (!session) return false;
    try {
      await deleteChatSession(session);
    } catch (error) {
      if (!(error instanceof ApiError && error.refused)) return false;
    }
    stream?.abort();
    stream = null;
    clearStoredSession();
    readId = 0;
    update({ ...INITIAL });
    return true;
  },
  async send(content: string): Promise<SendOutcome> {
    const session = state.session;
    if (!session) return { ok: false, reason: 'noSession' };
    try {
      addMessages([await sendChatMessage({ ...session, content })]);
      return { ok: true };
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) return { ok: false, reason: 'rateLimited' };
      if (error instanceof ApiError && error.refused) reject();
      return { ok: false, reason: 'failed' };
    }
  },
};

export type ChatStore = typeof chatStore;
