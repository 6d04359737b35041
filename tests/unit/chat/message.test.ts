import { describe, expect, it } from 'vitest';
import compile from 'icu-minify/compile';
import { formatTemplate } from '@/components/chat/format';
import { reconnectDelay } from '@/lib/chat/event-stream';
import { countUnread, isChatMessage, lastMessageId, mergeMessages, type ChatMessageDto } from '@/lib/chat/message';

const message = (id: number, sender: ChatMessageDto['sender'] = 'visitor'): ChatMessageDto => ({
  id,
  sessionId: 'session_1_abc',
  sender,
  content: `m${id}`,
  createdAt: new Date(Date.UTC(2025, 0, 1, 10, id)).toISOString(),
});

describe('widget message merging', () => {
  it('keeps each id once and sorts by id', () => {
    const merged = mergeMessages([message(1), message(3)], [message(4), message(2), message(3), message(2)]);
    expect(merged.map((item) => item.id)).toEqual([1, 2, 3, 4]);
  });

  it('returns the same array when nothing is new, so the UI does not re-render', () => {
    const current = [message(1), message(2)];
    expect(mergeMessages(current, [message(2)])).toBe(current);
    expect(mergeMessages(current, [])).toBe(current);
  });

  it('keeps the first copy of a message (replay and live event carry the same row)', () => {
    const original = message(5);
    const merged = mergeMessages([original], [{ ...original, content: 'changed' }]);
    expect(merged[0]?.content).toBe('m5');
  });

  it('finds the newest id and counts unread operator messages only', () => {
    const list = [message(1), message(2, 'operator'), message(3), message(4, 'operator')];
    expect(lastMessageId(list)).toBe(4);
    expect(lastMessageId([])).toBe(0);
    expect(countUnread(list, 0, 'operator')).toBe(2);
    expect(countUnread(list, 2, 'operator')).toBe(1);
    expect(countUnread(list, 4, 'operator')).toBe(0);
  });

  it('accepts only well-formed message DTOs', () => {
    expect(isChatMessage(message(1))).toBe(true);
    expect(isChatMessage({ ...message(1), id: '1' })).toBe(false);
    expect(isChatMessage({ ...message(1), sender: 'admin' })).toBe(false);
    expect(isChatMessage(null)).toBe(false);
  });
});

describe('widget helpers', () => {
  it('backs off exponentially with jitter, capped at 15 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(250);
    expect(reconnectDelay(0, () => 1)).toBe(500);
    expect(reconnectDelay(3, () => 1)).toBe(4000);
    expect(reconnectDelay(20, () => 1)).toBe(15_000);
    expect(reconnectDelay(20, () => 0)).toBe(7500);
  });

  it('fills templates compiled from the messages and picks the plural form of the language', () => {
    expect(formatTemplate(compile('Session : {id}'), 'fr', { id: 'session_1712' })).toBe('Session : session_1712');
    const unread = compile('{count, plural, one {# message non lu} other {# messages non lus}}');
    expect(formatTemplate(unread, 'fr', { count: 1 })).toBe('1 message non lu');
    expect(formatTemplate(unread, 'fr', { count: 0 })).toBe('0 message non lu');
    expect(formatTemplate(compile('{count, plural, one {# unread message} other {# unread messages}}'), 'en', { count: 3 })).toBe('3 unread messages');
  });
});
