import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { chatSessions, chatSessionTokens, messages, type Sender } from '@/lib/db/schema';
import { createPerson } from '@/lib/identity/people';

export type { Sender };
export type Reader = Sender;

export type ChatSession = {
  id: string;
  locale: string;
  startPage: string;
  visitorEmail: string | null;
  visitorEmailVerified: boolean;
  /** The visitor left the address in the chat: unread replies are e-mailed to it. */
  visitorEmailReplies: boolean;
  createdAt: Date;
  lastMessageAt: Date | null;
  visitorLastReadId: number;
  operatorLastReadId: number;
};

export type ChatMessage = {
  id: number;
  sessionId: string;
  sender: Sender;
  content: string;
  kind?: 'text' | 'booking';
  /** The visitor's idempotency key, when its widget sent one. */
  clientId?: string | null;
  createdAt: Date;
};

const sessionColumns = {
  id: chatSessions.id,
  locale: chatSessions.locale,
  startPage: chatSessions.startPage,
  visitorEmail: chatSessions.visitorEmail,
  visitorEmailVerified: chatSessions.visitorEmailVerified,
  visitorEmailReplies: chatSessions.visitorEmailReplies,
  createdAt: chatSessions.createdAt,
  lastMessageAt: chatSessions.lastMessageAt,
  visitorLastReadId: chatSessions.visitorLastReadId,
  operatorLastReadId: chatSessions.operatorLastReadId,
};

// PGlite returns BIGINT as number, pg as string: every id leaves this module as a number.
function toSession(row: ChatSession): ChatSession {
  return {
    id: row.id,
    locale: row.locale,
    startPage: row.startPage,
    visitorEmail: row.visitorEmail,
    visitorEmailVerified: row.visitorEmailVerified,
    visitorEmailReplies: row.visitorEmailReplies,
    createdAt: row.createdAt,
    lastMessageAt: row.lastMessageAt,
    visitorLastReadId: Number(row.visitorLastReadId),
    operatorLastReadId: Number(row.operatorLastReadId),
  };
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the search vector is left out, not used
function toMessage({ search: _search, ...row }: typeof messages.$inferSelect): ChatMessage {
  return { ...row, id: Number(row.id) };
}

export const CHAT_CHANNEL = 'chat_messages';

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** The token is returned here only: the database keeps its SHA-256. A conversation is a new person's until linked. */
export async function createChatSession({ locale, startPage }: { locale: string; startPage: string }): Promise<{ id: string; token: string }> {
  const db = await getDb();
  const id = `session_${Date.now()}_${randomBytes(6).toString('hex')}`;
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    const personId = await createPerson(tx);
    await tx.insert(chatSessions).values({ id, tokenHash: hashToken(token).toString('hex'), locale, startPage, personId });
  });
  return { id, token };
}

export async function getChatSession({ id }: { id: string }): Promise<ChatSession | null> {
  const db = await getDb();
  const [row] = await db.select(sessionColumns).from(chatSessions).where(eq(chatSessions.id, id)).limit(1);
  return row ? toSession(row) : null;
}

/** Which of these conversations still exist (the event streams' heartbeat asks for all of its streams at once). */
export async function listExistingChatSessionIds({ ids }: { ids: string[] }): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const db = await getDb();
  const rows = await db.select({ id: chatSessions.id }).from(chatSessions).where(inArray(chatSessions.id, ids));
  return new Set(rows.map((row) => row.id));
}

const NO_HASH = Buffer.alloc(32);

/**
 * The session when `token` is its own (the one it was created with, or one issued to a browser
 * that opened an e-mail's link back to it); null for an unknown session or another's token.
 */
export async function verifySessionToken({ id, token }: { id: string; token: string }): Promise<ChatSession | null> {
  const db = await getDb();
  const [row] = await db
    .select({ ...sessionColumns, tokenHash: chatSessions.tokenHash })
    .from(chatSessions)
    .where(eq(chatSessions.id, id))
    .limit(1);
  const hash = hashToken(token);
  const expected = row ? Buffer.from(row.tokenHash, 'hex') : NO_HASH;
  if (timingSafeEqual(hash, expected)) return row ? toSession(row) : null;
  if (!row) return null;
  const [issued] = await db
    .select({ sessionId: chatSessionTokens.sessionId })
    .from(chatSessionTokens)
    .where(and(eq(chatSessionTokens.tokenHash, hash.toString('hex')), eq(chatSessionTokens.kind, 'bearer'), eq(chatSessionTokens.sessionId, id)))
    .limit(1);
  return issued ? toSession(row) : null;
}

/** Resolves once the message is committed. */
export async function saveMessage({
  sessionId,
  sender,
  content,
  clientId,
  kind,
}: {
  sessionId: string;
  sender: Sender;
  content: string;
  clientId?: string;
  kind?: 'booking';
}): Promise<ChatMessage> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(messages).values({ sessionId, sender, content, clientId, kind }).returning();
    if (!row) throw new Error(`No message row returned for session ${sessionId}`);
    // Delivered at commit to every instance LISTENing (lib/chat/realtime.ts); ids only, as a
    // payload is capped at 8,000 bytes.
    await tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify({ id: Number(row.id), sessionId })})`);
    await tx
      .update(chatSessions)
      // greatest(): a concurrent save that committed first may carry a later time.
      .set({
        lastMessageAt: sql`greatest(${chatSessions.lastMessageAt}, ${row.createdAt})`,
        // A visitor writing reopens a resolved or snoozed conversation, whichever instance saves it,
        // and waits for an answer from their first unanswered message; an operator's answer ends the wait.
        ...(sender === 'visitor'
          ? { status: 'open' as const, snoozedUntil: null, waitingSince: sql`coalesce(${chatSessions.waitingSince}, ${row.createdAt})` }
          : { waitingSince: null }),
      })
      .where(eq(chatSessions.id, sessionId));
    return toMessage(row);
  });
}

/** Oldest first; `afterId` resumes after the last message a client has. */
export async function listMessages({ sessionId, afterId = 0, limit }: { sessionId: string; afterId?: number; limit?: number }): Promise<ChatMessage[]> {
  const db = await getDb();
  const query = db
    .select()
    .from(messages)
    .where(and(eq(messages.sessionId, sessionId), gt(messages.id, afterId)))
    .orderBy(asc(messages.id))
    .$dynamic();
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map(toMessage);
}

/** A page of a conversation's history: what one read returns at most. */
export const MESSAGE_PAGE_SIZE = 100;

export type MessagePage = {
  /** Oldest first. */
  messages: ChatMessage[];
  /** Pass as `before` to read the older page; null when this page starts the conversation (or reads forward). */
  before: number | null;
  /** Pass as `after` to read the newer page; null when this page ends the conversation (as far as known). */
  after: number | null;
};

/**
 * One page of a conversation: messages after `afterId` (reading forward), before `beforeId`
 * (reading back), or the latest ones when neither is given.
 */
export async function listMessagePage({
  sessionId,
  afterId,
  beforeId,
  limit = MESSAGE_PAGE_SIZE,
}: {
  sessionId: string;
  afterId?: number;
  beforeId?: number;
  limit?: number;
}): Promise<MessagePage> {
  const db = await getDb();
  const forward = afterId !== undefined;
  const bound = forward ? gt(messages.id, afterId) : beforeId !== undefined ? lt(messages.id, beforeId) : undefined;
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.sessionId, sessionId), bound))
    .orderBy(forward ? asc(messages.id) : desc(messages.id))
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = rows.slice(0, limit).map(toMessage);
  if (!forward) page.reverse();
  const first = page[0]?.id ?? null;
  const last = page.at(-1)?.id ?? null;
  if (forward) return { messages: page, before: null, after: more ? last : null };
  return { messages: page, before: more ? first : null, after: beforeId === undefined ? null : last };
}

/** How many messages the visitor wrote in this conversation (the per-conversation cap counts them). */
export async function countVisitorMessages({ sessionId }: { sessionId: string }): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ total: count(messages.id) })
    .from(messages)
    .where(and(eq(messages.sessionId, sessionId), eq(messages.sender, 'visitor')));
  return Number(row?.total ?? 0);
}

/** Every session's messages with `id > afterId` (or exactly `alsoId`), oldest first. */
export async function listMessagesSince({ afterId, alsoId, limit = 500 }: { afterId: number; alsoId?: number; limit?: number }): Promise<ChatMessage[]> {
  const db = await getDb();
  const after = gt(messages.id, afterId);
  const rows = await db
    .select()
    .from(messages)
    .where(alsoId === undefined ? after : or(after, eq(messages.id, alsoId)))
    .orderBy(asc(messages.id))
    .limit(limit);
  return rows.map(toMessage);
}

/** Highest message id so far (0 when empty). */
export async function getLastMessageId(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ id: sql<number>`coalesce(max(${messages.id}), 0)` }).from(messages);
  return Number(row?.id ?? 0);
}

/** Messages of the other party after the reader's marker. */
export async function countUnread({ sessionId, reader }: { sessionId: string; reader: Reader }): Promise<number> {
  const db = await getDb();
  const marker = reader === 'operator' ? chatSessions.operatorLastReadId : chatSessions.visitorLastReadId;
  const [row] = await db
    .select({ unread: count(messages.id) })
    .from(chatSessions)
    .innerJoin(messages, eq(messages.sessionId, chatSessions.id))
    .where(and(eq(chatSessions.id, sessionId), sql`${messages.sender} <> ${reader}`, gt(messages.id, marker)));
  return Number(row?.unread ?? 0);
}

/**
 * Moves the reader's marker forward to `upToId` (never back, never past the session's last
 * message) and returns it; null for an unknown session.
 */
export async function markRead({ sessionId, reader, upToId }: { sessionId: string; reader: Reader; upToId: number }): Promise<{ lastReadId: number } | null> {
  const db = await getDb();
  const marker = reader === 'operator' ? chatSessions.operatorLastReadId : chatSessions.visitorLastReadId;
  const lastId = sql`(select coalesce(max(${messages.id}), 0) from ${messages} where ${messages.sessionId} = ${sessionId})`;
  const value = sql`greatest(${marker}, least(${upToId}::bigint, ${lastId}))`;
  const [row] = await db
    .update(chatSessions)
    .set(reader === 'operator' ? { operatorLastReadId: value } : { visitorLastReadId: value })
    .where(eq(chatSessions.id, sessionId))
    .returning({ lastReadId: marker });
  return row ? { lastReadId: Number(row.lastReadId) } : null;
}

export type SessionSummary = {
  sessionId: string;
  locale: string;
  startPage: string;
  createdAt: Date;
  lastMessageId: number;
  lastMessage: string;
  lastMessageSender: Sender;
  lastMessageTime: Date;
  messageCount: number;
  /** Visitor messages after the operators' read marker. */
  unreadCount: number;
};

/** Sessions with at least one message, the most recently active first. */
export async function listSessionSummaries({ limit }: { limit?: number } = {}): Promise<SessionSummary[]> {
  const db = await getDb();
  const last = db
    .select({ id: messages.id, content: messages.content, sender: messages.sender, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.sessionId, chatSessions.id))
    .orderBy(desc(messages.id))
    .limit(1)
    .as('last_message');
  const counts = db
    .select({
      total: sql<number>`count(*)`.as('total'),
      unread: sql<number>`count(*) filter (where ${messages.sender} = 'visitor' and ${messages.id} > ${chatSessions.operatorLastReadId})`.as('unread'),
    })
    .from(messages)
    .where(eq(messages.sessionId, chatSessions.id))
    .as('counts');
  const query = db
    .select({
      sessionId: chatSessions.id,
      locale: chatSessions.locale,
      startPage: chatSessions.startPage,
      createdAt: chatSessions.createdAt,
      lastMessageId: last.id,
      lastMessage: last.content,
      lastMessageSender: last.sender,
      lastMessageTime: last.createdAt,
      messageCount: counts.total,
      unreadCount: counts.unread,
    })
    .from(chatSessions)
    .innerJoinLateral(last, sql`true`)
    .innerJoinLateral(counts, sql`true`)
    .orderBy(desc(last.createdAt), desc(last.id))
    .$dynamic();
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((row) => ({
    ...row,
    lastMessageId: Number(row.lastMessageId),
    messageCount: Number(row.messageCount),
    unreadCount: Number(row.unreadCount),
  }));
}

/** Erases a conversation, its messages and its trail (the visitor's "delete my conversation"). */
export async function deleteChatSession({ id }: { id: string }): Promise<boolean> {
  const db = await getDb();
  const rows = await db.delete(chatSessions).where(eq(chatSessions.id, id)).returning({ id: chatSessions.id });
  return rows.length > 0;
}
