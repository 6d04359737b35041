import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  countUnread,
  countVisitorMessages,
  createChatSession,
  getChatSession,
  listMessagePage,
  listMessages,
  listSessionSummaries,
  markRead,
  saveMessage,
  verifySessionToken,
} from '@/lib/chat/queries';
import { query } from '../db/test-database';

// Shared by the PGlite and PostgreSQL test files, which open the database first.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function newSession(locale = 'fr') {
  return createChatSession({ locale, startPage: `/${locale}/visa-finder` });
}

export function describeChatQueries() {
  describe('chat sessions', () => {
    it('get a public id in the spec format and a 256-bit token', async () => {
      const { id, token } = await newSession();
      expect(id).toMatch(/^session_\d{13}_[0-9a-f]{12}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect((await newSession()).id).not.toBe(id);
    });

    it('store the SHA-256 of the token, never the token', async () => {
      const { id, token } = await newSession('de');
      const rows = await query<{ token_hash: string; row: string }>('select token_hash, row_to_json(s)::text as row from chat_sessions s where id = $1', [id]);
      expect(rows[0]?.token_hash).toBe(sha256(token));
      expect(rows[0]?.row).not.toContain(token);
      expect(await getChatSession({ id })).toMatchObject({ id, locale: 'de', startPage: '/de/visa-finder' });
    });

    it('accept their own token and refuse another session’s or a made-up one', async () => {
      const mine = await newSession('en');
      const other = await newSession('it');
      expect(await verifySessionToken(mine)).toMatchObject({ id: mine.id, locale: 'en', operatorLastReadId: 0 });
      expect(await verifySessionToken({ id: mine.id, token: other.token })).toBeNull();
      expect(await verifySessionToken({ id: mine.id, token: randomBytes(32).toString('base64url') })).toBeNull();
      expect(await verifySessionToken({ id: 'session_0_missing', token: mine.token })).toBeNull();
      expect(await verifySessionToken({ id: mine.id, token: '' })).toBeNull();
    });

    it('never expose the token hash', async () => {
      const session = await newSession();
      for (const found of [await verifySessionToken(session), await getChatSession(session)]) {
        expect(Object.keys(found ?? {})).not.toContain('tokenHash');
      }
    });
  });

  describe('messages', () => {
    it('round-trip in order with numeric ids, and are committed when saveMessage resolves', async () => {
      const { id: sessionId } = await newSession();
      const first = await saveMessage({ sessionId, sender: 'visitor', content: 'Bonjour <script>alert(1)</script> 🌴' });
      const second = await saveMessage({ sessionId, sender: 'operator', content: 'Bienvenue !' });
      expect(first).toMatchObject({ sessionId, sender: 'visitor', content: 'Bonjour <script>alert(1)</script> 🌴' });
      expect(typeof first.id).toBe('number');
      expect(first.createdAt).toBeInstanceOf(Date);
      expect(second.id).toBeGreaterThan(first.id);
      const rows = await query('select content from messages where id = $1', [second.id]);
      expect(rows).toEqual([{ content: 'Bienvenue !' }]);
      expect(await listMessages({ sessionId })).toEqual([first, second]);
      expect(await listMessages({ sessionId, afterId: first.id })).toEqual([second]);
      expect(await listMessages({ sessionId, afterId: second.id })).toEqual([]);
      expect(await listMessages({ sessionId, limit: 1 })).toEqual([first]);
      expect((await getChatSession({ id: sessionId }))?.lastMessageAt).toEqual(second.createdAt);
    });

    it('are read a page at a time: the latest, then back with `before`, forward with `after`', async () => {
      const { id: sessionId } = await newSession();
      const ids: number[] = [];
      for (let i = 0; i < 7; i += 1) ids.push((await saveMessage({ sessionId, sender: i % 2 ? 'operator' : 'visitor', content: `m${i}` })).id);
      const pageIds = (page: { messages: { id: number }[] }) => page.messages.map((message) => message.id);

      const latest = await listMessagePage({ sessionId, limit: 3 });
      expect(pageIds(latest)).toEqual(ids.slice(4));
      expect(latest).toMatchObject({ before: ids[4], after: null });
      const middle = await listMessagePage({ sessionId, beforeId: latest.before!, limit: 3 });
      expect(pageIds(middle)).toEqual(ids.slice(1, 4));
      expect(middle).toMatchObject({ before: ids[1], after: ids[3] });
      const first = await listMessagePage({ sessionId, beforeId: middle.before!, limit: 3 });
      expect(pageIds(first)).toEqual(ids.slice(0, 1));
      expect(first.before).toBeNull();

      const forward = await listMessagePage({ sessionId, afterId: 0, limit: 3 });
      expect(pageIds(forward)).toEqual(ids.slice(0, 3));
      expect(forward.after).toBe(ids[2]);
      const end = await listMessagePage({ sessionId, afterId: ids[3]!, limit: 3 });
      expect(pageIds(end)).toEqual(ids.slice(4));
      expect(end.after).toBeNull();
      expect(await countVisitorMessages({ sessionId })).toBe(4);
    });

    it('stay in their own session', async () => {
      const a = await newSession();
      const b = await newSession();
      await saveMessage({ sessionId: a.id, sender: 'visitor', content: 'for a' });
      expect(await listMessages({ sessionId: b.id })).toEqual([]);
    });

    it('are refused for an unknown session or sender', async () => {
      await expect(saveMessage({ sessionId: 'session_0_nobody', sender: 'visitor', content: 'x' })).rejects.toThrow();
      const { id: sessionId } = await newSession();
      // @ts-expect-error the CHECK constraint guards the database too
      await expect(saveMessage({ sessionId, sender: 'robot', content: 'x' })).rejects.toThrow();
    });
  });

  describe('session summaries and read markers', () => {
    it('give true counts, the last message and operator unread counts, newest first', async () => {
      const busy = await newSession('es');
      const quiet = await newSession();
      const empty = await newSession();
      const m1 = await saveMessage({ sessionId: busy.id, sender: 'visitor', content: 'uno' });
      const m2 = await saveMessage({ sessionId: busy.id, sender: 'visitor', content: 'dos' });
      await saveMessage({ sessionId: busy.id, sender: 'operator', content: 'hola' });
      const m4 = await saveMessage({ sessionId: busy.id, sender: 'visitor', content: 'tres' });
      const q1 = await saveMessage({ sessionId: quiet.id, sender: 'visitor', content: 'Bonjour' });

      const mine = (await listSessionSummaries()).filter((s) => [busy.id, quiet.id, empty.id].includes(s.sessionId));
      expect(mine.map((s) => s.sessionId)).toEqual([quiet.id, busy.id]);
      expect(mine[0]).toMatchObject({ messageCount: 1, unreadCount: 1, lastMessage: 'Bonjour', lastMessageId: q1.id });
      expect(mine[1]).toEqual({
        sessionId: busy.id,
        locale: 'es',
        startPage: '/es/visa-finder',
        createdAt: expect.any(Date),
        lastMessageId: m4.id,
        lastMessage: 'tres',
        lastMessageSender: 'visitor',
        lastMessageTime: m4.createdAt,
        messageCount: 4,
        unreadCount: 3,
      });

      expect(await markRead({ sessionId: busy.id, reader: 'operator', upToId: m2.id })).toEqual({ lastReadId: m2.id });
      expect(await countUnread({ sessionId: busy.id, reader: 'operator' })).toBe(1);
      expect(await countUnread({ sessionId: busy.id, reader: 'visitor' })).toBe(1);
      const after = (await listSessionSummaries()).find((s) => s.sessionId === busy.id);
      expect(after).toMatchObject({ messageCount: 4, unreadCount: 1 });
      expect(await markRead({ sessionId: busy.id, reader: 'operator', upToId: m1.id })).toEqual({ lastReadId: m2.id });
    });

    it('never move a marker past the last message, and ignore unknown sessions', async () => {
      const { id: sessionId } = await newSession();
      const only = await saveMessage({ sessionId, sender: 'operator', content: 'Bonjour' });
      expect(await markRead({ sessionId, reader: 'visitor', upToId: only.id + 1000 })).toEqual({ lastReadId: only.id });
      expect(await countUnread({ sessionId, reader: 'visitor' })).toBe(0);
      const later = await saveMessage({ sessionId, sender: 'operator', content: 'Encore là ?' });
      expect(await countUnread({ sessionId, reader: 'visitor' })).toBe(1);
      expect(await markRead({ sessionId, reader: 'visitor', upToId: later.id })).toEqual({ lastReadId: later.id });
      expect(await markRead({ sessionId: 'session_0_nobody', reader: 'operator', upToId: 1 })).toBeNull();
    });

    it('honour a limit', async () => {
      const a = await newSession();
      await saveMessage({ sessionId: a.id, sender: 'visitor', content: 'latest' });
      const [top] = await listSessionSummaries({ limit: 1 });
      expect(top?.sessionId).toBe(a.id);
    });
  });
}
