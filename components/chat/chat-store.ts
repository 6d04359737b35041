import { ApiError } from '@/lib/api/api-error';
import { runEventStream, type StreamStatus } from '@/lib/chat/event-stream';
import { countUnread, lastMessageId, mergeMessages, type ChatMessageDto } from '@/lib/chat/message';
import { throttle, TYPING_SHOWN_MS, type ChatSignal } from '@/lib/chat/signal';
import {
  authHeaders,
  createChatSession,
  deleteChatSession,
  fetchChatMessages,
  markChatRead,
  requestNewMailLink,
  resumeChatSession,
  sendChatMessage,
  sendChatTyping,
  sessionUrl,
} from './api-client';
import { CHAT_STORAGE_KEY } from './constants';
import { newClientId, readPending, retryDelay, writePending, type PendingMessage } from './outbox';
import { clearStoredSession, readStoredSession, writeStoredSession } from './storage';

export interface ChatState {
  phase: 'idle' | 'initializing' | 'ready' | 'failed';
  failure: 'noSession' | 'rateLimited' | null;
  session: { id: string; token: string } | null;
  messages: ChatMessageDto[];
  unread: number;
  connection: StreamStatus;
  /** Typed, not yet acknowledged by the server; sent in order when the connection allows. */
  pending: PendingMessage[];
  /** Throttled: when the visitor may write again (ISO instant). */
  retryAt: string | null;
  /** The conversation reached its message cap: nothing more can be sent in it. */
  full: boolean;
  /** Cursor of the older history not loaded yet; null when the conversation's start is shown. */
  before: number | null;
  /** An operator typed within the last few seconds. */
  operatorTyping: boolean;
  /** The operator's read marker: the visitor's messages up to this id were read. */
  operatorReadId: number;
}

export type SendOutcome = { ok: true } | { ok: false; reason: 'noSession' | 'rateLimited' | 'failed' };

const INITIAL: ChatState = {
  phase: 'idle',
  failure: null,
  session: null,
  messages: [],
  unread: 0,
  connection: 'connecting',
  pending: [],
  retryAt: null,
  full: false,
  before: null,
  operatorTyping: false,
  operatorReadId: 0,
};

let state = INITIAL;
let readId = 0;
let panelOpen = false;
let origin = { locale: 'fr', startPage: '/' };
let stream: AbortController | null = null;
let creating = false;
let watchingStorage = false;
let flushing = false;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let typingTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function update(patch: Partial<ChatState>) {
  const next = { ...state, ...patch };
  next.unread = panelOpen ? 0 : countUnread(next.messages, readId, 'operator');
  state = next;
  for (const listener of listeners) listener();
}

function addMessages(incoming: ChatMessageDto[]) {
  const sessionId = state.session?.id;
  const own = incoming.filter((message) => message.sessionId === sessionId);
  const merged = mergeMessages(state.messages, own);
  // The operator's message ends their "typing".
  if (merged !== state.messages) update({ messages: merged, ...(incoming.some((message) => message.sender === 'operator') && { operatorTyping: false }) });
  // The stream can bring a message back before the answer to its POST: saved, it leaves the outbox
  // then, or it would show twice (sent and pending) until that answer.
  const saved = new Set(own.map((message) => message.clientId).filter(Boolean));
  if (saved.size > 0 && state.pending.some((item) => saved.has(item.clientId))) setPending(state.pending.filter((item) => !saved.has(item.clientId)));
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

function onSignal(signal: ChatSignal) {
  if (signal.sessionId !== state.session?.id) return;
  if (signal.type === 'read') {
    if (signal.lastReadId > state.operatorReadId) update({ operatorReadId: signal.lastReadId });
    return;
  }
  if (signal.type !== 'typing' || signal.sender !== 'operator') return;
  clearTimeout(typingTimer);
  typingTimer = setTimeout(() => update({ operatorTyping: false }), TYPING_SHOWN_MS);
  if (!state.operatorTyping) update({ operatorTyping: true });
}

const throttledTyping = throttle(() => {
  if (state.session) sendChatTyping(state.session).catch(() => undefined);
});
/** Only while connected: a signal that cannot go out does not use up the interval. */
const signalTyping = () => {
  if (state.session && state.connection === 'open') throttledTyping();
};

function reject() {
  stream?.abort();
  stream = null;
  clearStoredSession();
  writePending([]);
  readId = 0;
  update({ ...INITIAL });
  if (panelOpen) void createSession();
}

async function attach(session: { id: string; token: string }) {
  update({ phase: 'ready', failure: null, session, messages: [], pending: readPending(session.id), retryAt: null });
  if (!watchingStorage) {
    window.addEventListener('storage', syncFromOtherTab);
    window.addEventListener('online', () => void flush());
  }
  watchingStorage = true;
  const controller = new AbortController();
  stream = controller;
  try {
    const page = await fetchChatMessages(session);
    addMessages(page.messages);
    update({ before: page.before });
  } catch (error) {
    if (error instanceof ApiError && error.refused) return reject();
    // Otherwise the stream below replays the history from Last-Event-ID 0.
  }
  if (controller.signal.aborted) return;
  void flush();
  void runEventStream({
    url: sessionUrl(session.id, 'events'),
    headers: authHeaders(session.token),
    signal: controller.signal,
    lastId: () => lastMessageId(state.messages),
    onMessage: (message) => addMessages([message]),
    onSignal,
    onStatus: (connection) => {
      update({ connection });
      if (connection === 'open') void flush();
    },
    onRejected: reject,
  });
}

function setPending(pending: PendingMessage[]) {
  writePending(pending);
  update({ pending });
}

/** What a failed send means for the queue: wait for the throttle, retry later, or give up on it. */
function afterFailure(error: unknown, item: PendingMessage): 'stop' | 'next' {
  if (error instanceof ApiError && error.status === 429) {
    const wait = (error.retryAfterSeconds ?? 30) * 1000;
    update({ retryAt: new Date(Date.now() + wait).toISOString() });
    retryTimer = setTimeout(() => void flush(), wait);
    return 'stop';
  }
  if (error instanceof ApiError && error.refused) {
    reject();
    return 'stop';
  }
  if (error instanceof ApiError && error.code === 'conversation_full') {
    // No message can be saved here any more: the queue goes and the panel says why.
    setPending([]);
    update({ full: true });
    return 'stop';
  }
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    // Refused as such (e.g. too long): retrying would never succeed.
    setPending(state.pending.filter((pending) => pending.clientId !== item.clientId));
    return 'next';
  }
  retryTimer = setTimeout(() => void flush(), retryDelay(failures));
  failures += 1;
  return 'stop';
}

/** Sends the pending messages in order, each once: the server answers a retried key with its saved message. */
async function flush() {
  const session = state.session;
  // The server is full: the messages wait in the outbox until the stream reopens (onStatus 'open').
  if (flushing || !session || state.connection === 'busy') return;
  flushing = true;
  clearTimeout(retryTimer);
  try {
    while (state.session === session && state.pending.length > 0) {
      const item = state.pending[0]!;
      try {
        const message = await sendChatMessage({ ...session, content: item.content, clientId: item.clientId });
        failures = 0;
        setPending(state.pending.filter((pending) => pending.clientId !== item.clientId));
        update({ retryAt: null });
        addMessages([message]);
      } catch (error) {
        if (afterFailure(error, item) === 'stop') return;
      }
    }
  } finally {
    flushing = false;
  }
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

/** The reply mail's link this page was opened with, when it opened nothing (used, expired, erased). */
let deadLink: string | null = null;

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
    writePending([]);
    readId = 0;
    update({ ...INITIAL });
    return true;
  },
  /**
   * A reply mail's link (`#chat=<token>` or `#chat-erase=<token>`), taken out of the address at
   * once: this browser takes that conversation (in place of any it had) and loads its history.
   * Null when the address holds no such link.
   */
  async adoptMailLink(): Promise<'resume' | 'erase' | 'expired' | null> {
    const match = /^#chat(-erase)?=([A-Za-z0-9_-]{16,128})$/.exec(window.location.hash);
    if (!match?.[2]) return null;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    let session: { id: string; token: string };
    try {
      session = await resumeChatSession(match[2]);
    } catch {
      deadLink = match[2];
      return 'expired';
    }
    stream?.abort();
    stream = null;
    readId = 0;
    writeStoredSession({ ...session, readId });
    update({ ...INITIAL });
    void attach(session);
    return match[1] ? 'erase' : 'resume';
  },
  /** Asks for a new link in place of the dead one this page was opened with (mailed to its address). */
  async requestNewLink(): Promise<boolean> {
    if (!deadLink) return false;
    try {
      await requestNewMailLink(deadLink);
      return true;
    } catch {
      return false;
    }
  },
  /** Adds the page of history before the oldest message shown. */
  async loadOlder(): Promise<void> {
    const { session, before } = state;
    if (!session || before === null) return;
    try {
      const page = await fetchChatMessages({ ...session, before });
      if (state.session !== session) return;
      addMessages(page.messages);
      update({ before: page.before });
    } catch {
      // The button stays: another click tries again.
    }
  },
  /** The visitor is typing: one signal per few seconds at most, never stored. */
  typing: signalTyping,
  /** Queues the message (kept in the browser until acknowledged) and sends what the connection allows. */
  async send(content: string): Promise<SendOutcome> {
    const session = state.session;
    if (!session) return { ok: false, reason: 'noSession' };
    throttledTyping.reset();
    setPending([...state.pending, { clientId: newClientId(), sessionId: session.id, content }]);
    void flush();
    return { ok: true };
  },
};

export type ChatStore = typeof chatStore;
