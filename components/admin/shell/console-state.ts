import type { SessionDetailDto, SessionSummaryDto } from '@/lib/chat/admin-queries';
import { mergeMessages, type ChatMessageDto } from '@/lib/chat/message';

export interface Pane {
  sessionId: string;
  info: SessionDetailDto['session'] | null;
  messages: ChatMessageDto[];
  status: 'loading' | 'ready' | 'failed';
  /** Cursor of the older page not loaded yet; null when the conversation's start is shown. */
  before: number | null;
}

export interface ConsoleState {
  /** null until the first list arrives. */
  sessions: SessionSummaryDto[] | null;
  pane: Pane | null;
  /** Highest message id seen: where a new event stream resumes. */
  lastEventId: number;
}

export type ConsoleAction =
  | { type: 'sessionsLoaded'; sessions: SessionSummaryDto[] }
  | { type: 'selected'; sessionId: string }
  | { type: 'closed' }
  | { type: 'detailLoaded'; detail: SessionDetailDto }
  | { type: 'olderLoaded'; detail: SessionDetailDto }
  | { type: 'detailFailed'; sessionId: string }
  | { type: 'messageReceived'; message: ChatMessageDto };

export const initialConsoleState: ConsoleState = { sessions: null, pane: null, lastEventId: 0 };

function newestFirst(a: SessionSummaryDto, b: SessionSummaryDto): number {
  return b.lastMessageTime.localeCompare(a.lastMessageTime) || b.lastMessageId - a.lastMessageId;
}

function summaryFrom(message: ChatMessageDto): SessionSummaryDto {
  // Placeholder until the list is read again: the event doesn't carry the language or page.
  return {
    sessionId: message.sessionId,
    label: '',
    locale: '',
    startPage: '',
    createdAt: message.createdAt,
    lastMessageId: 0,
    lastMessage: '',
    lastMessageSender: message.sender,
    lastMessageTime: message.createdAt,
    messageCount: 0,
    unreadCount: 0,
  };
}

function applyToSummaries(sessions: SessionSummaryDto[], message: ChatMessageDto, openId: string | undefined) {
  const existing = sessions.find((summary) => summary.sessionId === message.sessionId);
  const summary = existing ?? summaryFrom(message);
  if (message.id <= summary.lastMessageId) return sessions;
  const updated: SessionSummaryDto = {
    ...summary,
    lastMessageId: message.id,
    lastMessage: message.content,
    lastMessageSender: message.sender,
    lastMessageTime: message.createdAt,
    messageCount: summary.messageCount + 1,
    unreadCount: message.sender === 'visitor' && message.sessionId !== openId ? summary.unreadCount + 1 : summary.unreadCount,
  };
  return [updated, ...sessions.filter((other) => other !== existing)].sort(newestFirst);
}

export function consoleReducer(state: ConsoleState, action: ConsoleAction): ConsoleState {
  switch (action.type) {
    case 'sessionsLoaded': {
      const openId = state.pane?.sessionId;
      const known = new Map(state.sessions?.map((summary) => [summary.sessionId, summary]));
      // A list read before the latest events arrived must not undo them.
      const freshest = (loaded: SessionSummaryDto) => {
        const local = known.get(loaded.sessionId);
        return local && local.lastMessageId > loaded.lastMessageId ? local : loaded;
      };
      const sessions = action.sessions
        .map(freshest)
        .map((summary) => (summary.sessionId === openId ? { ...summary, unreadCount: 0 } : summary))
        .sort(newestFirst);
      const lastEventId = Math.max(state.lastEventId, ...sessions.map((summary) => summary.lastMessageId));
      return { ...state, sessions, lastEventId };
    }
    case 'closed':
      return { ...state, pane: null };
    case 'selected':
      if (state.pane?.sessionId === action.sessionId) return { ...state, pane: { ...state.pane, status: 'loading' } };
      return { ...state, pane: { sessionId: action.sessionId, info: null, messages: [], status: 'loading', before: null } };
    case 'detailLoaded': {
      const { session, messages } = action.detail;
      if (state.pane?.sessionId !== session.id) return state;
      // A reread of the latest page keeps the older pages already shown, and their cursor.
      const olderShown = (state.pane.messages[0]?.id ?? Infinity) < (messages[0]?.id ?? Infinity);
      const before = olderShown ? state.pane.before : action.detail.before;
      const pane: Pane = { ...state.pane, info: session, messages: mergeMessages(state.pane.messages, messages), status: 'ready', before };
      const sessions = state.sessions?.map((summary) => (summary.sessionId === session.id ? { ...summary, unreadCount: 0 } : summary));
      return { ...state, pane, sessions: sessions ?? null };
    }
    case 'olderLoaded': {
      const { session, messages, before } = action.detail;
      if (state.pane?.sessionId !== session.id) return state;
      return { ...state, pane: { ...state.pane, messages: mergeMessages(state.pane.messages, messages), before } };
    }
    case 'detailFailed':
      if (state.pane?.sessionId !== action.sessionId) return state;
      return { ...state, pane: { ...state.pane, status: 'failed' } };
    case 'messageReceived': {
      const { message } = action;
      const openId = state.pane?.sessionId;
      const pane = state.pane && openId === message.sessionId ? { ...state.pane, messages: mergeMessages(state.pane.messages, [message]) } : state.pane;
      const sessions = state.sessions && applyToSummaries(state.sessions, message, openId);
      return { sessions, pane, lastEventId: Math.max(state.lastEventId, message.id) };
    }
  }
}
