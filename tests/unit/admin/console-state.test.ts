import { describe, expect, it } from 'vitest';
import { consoleReducer, initialConsoleState, type ConsoleState } from '@/components/admin/shell/console-state';
import { formatMessageTime, shortSessionId } from '@/components/admin/shell/format';
import type { SessionSummaryDto } from '@/lib/chat/admin-queries';
import type { ChatMessageDto } from '@/lib/chat/message';

const summary = (sessionId: string, lastMessageId: number, time: string): SessionSummaryDto => ({
  sessionId,
  label: 'Visiteur · Français · arrivé sur /fr',
  locale: 'fr',
  startPage: '/fr',
  createdAt: time,
  lastMessageId,
  lastMessage: `m${lastMessageId}`,
  lastMessageSender: 'visitor',
  lastMessageTime: time,
  messageCount: 1,
  unreadCount: 1,
});
const message = (id: number, sessionId: string, sender: 'visitor' | 'operator' = 'visitor'): ChatMessageDto => ({
  id,
  sessionId,
  sender,
  content: `m${id}`,
  createdAt: `2026-01-01T10:00:${String(id).padStart(2, '0')}.000Z`,
});

function loaded(): ConsoleState {
  return consoleReducer(initialConsoleState, {
    type: 'sessionsLoaded',
    sessions: [summary('session_1_bbbbbbbbbbbb', 2, '2026-01-01T09:00:02.000Z'), summary('session_1_aaaaaaaaaaaa', 1, '2026-01-01T09:00:01.000Z')],
  });
}

describe('operator console state', () => {
  it('moves a session with a new visitor message to the top and counts it', () => {
    const state = consoleReducer(loaded(), { type: 'messageReceived', message: message(3, 'session_1_aaaaaaaaaaaa') });
    expect(state.sessions?.map((s) => [s.sessionId, s.messageCount, s.unreadCount, s.lastMessage])).toEqual([
      ['session_1_aaaaaaaaaaaa', 2, 2, 'm3'],
      ['session_1_bbbbbbbbbbbb', 1, 1, 'm2'],
    ]);
    expect(state.lastEventId).toBe(3);
  });

  it('ignores a replayed message it already counted', () => {
    const once = consoleReducer(loaded(), { type: 'messageReceived', message: message(3, 'session_1_aaaaaaaaaaaa') });
    expect(consoleReducer(once, { type: 'messageReceived', message: message(3, 'session_1_aaaaaaaaaaaa') })).toEqual(once);
  });

  it('keeps the open session read and merges messages that arrive while it loads', () => {
    let state = consoleReducer(loaded(), { type: 'selected', sessionId: 'session_1_aaaaaaaaaaaa' });
    state = consoleReducer(state, { type: 'messageReceived', message: message(4, 'session_1_aaaaaaaaaaaa') });
    state = consoleReducer(state, {
      type: 'detailLoaded',
      detail: {
        session: {
          id: 'session_1_aaaaaaaaaaaa',
          locale: 'en',
          startPage: '/en',
          createdAt: '2026-01-01T09:00:00.000Z',
          visitorEmail: null,
          visitorEmailVerified: false,
          visitorEmailReplies: false,
        },
        messages: [message(1, 'session_1_aaaaaaaaaaaa'), message(3, 'session_1_aaaaaaaaaaaa', 'operator')],
        before: null,
      },
    });
    expect(state.pane?.messages.map((m) => m.id)).toEqual([1, 3, 4]);
    expect(state.pane?.status).toBe('ready');
    expect(state.sessions?.find((s) => s.sessionId === 'session_1_aaaaaaaaaaaa')?.unreadCount).toBe(0);
  });

  it('pages back through a long conversation and keeps the older pages when the latest is read again', () => {
    const id = 'session_1_aaaaaaaaaaaa';
    const info = {
      id,
      locale: 'fr',
      startPage: '/fr',
      createdAt: '2026-01-01T09:00:00.000Z',
      visitorEmail: null,
      visitorEmailVerified: false,
      visitorEmailReplies: false,
    };
    let state = consoleReducer(loaded(), { type: 'selected', sessionId: id });
    state = consoleReducer(state, { type: 'detailLoaded', detail: { session: info, messages: [message(5, id), message(6, id)], before: 5 } });
    expect(state.pane?.before).toBe(5);
    state = consoleReducer(state, { type: 'olderLoaded', detail: { session: info, messages: [message(3, id), message(4, id)], before: null } });
    expect(state.pane?.messages.map((m) => m.id)).toEqual([3, 4, 5, 6]);
    expect(state.pane?.before).toBeNull();
    state = consoleReducer(state, { type: 'detailLoaded', detail: { session: info, messages: [message(6, id), message(7, id)], before: 6 } });
    expect(state.pane?.messages.map((m) => m.id)).toEqual([3, 4, 5, 6, 7]);
    expect(state.pane?.before).toBeNull();
  });

  it('lists a session it has never seen at once', () => {
    const state = consoleReducer(loaded(), { type: 'messageReceived', message: message(5, 'session_2_cccccccccccc') });
    expect(state.sessions?.[0]).toMatchObject({ sessionId: 'session_2_cccccccccccc', messageCount: 1, unreadCount: 1 });
  });
});

describe('console formatting', () => {
  it('shows 8 characters that tell sessions apart, not the shared "session_" prefix', () => {
    expect(shortSessionId('session_1763712345678_3f9a0c12d4e5')).toBe('3f9a0c12');
    expect(shortSessionId('session_1763712345678_k3j')).toBe('17637123');
  });

  it('shows a two-digit hour and minute, with the day when it is not today', () => {
    const now = new Date(2026, 0, 2, 12, 0);
    expect(formatMessageTime(new Date(2026, 0, 2, 9, 5).toISOString(), now)).toBe('09:05');
    expect(formatMessageTime(new Date(2026, 0, 1, 23, 7).toISOString(), now)).toBe('01/01 23:07');
  });
});
