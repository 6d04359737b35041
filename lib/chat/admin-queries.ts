import 'server-only';
import { toMessageDto } from './dto';
import type { ChatMessageDto } from './message';
import { getChatSession, listMessagePage, listMessagesSince, listSessionSummaries, type Sender } from './queries';
import { personLabel } from '@/lib/people/label';
import { listVisitorNames } from '@/lib/people/names';

/** Caps the console's list and the replay after a reconnect; the 30 s poll rereads the rest. */
export const MAX_LISTED_SESSIONS = 200;
export const MAX_REPLAYED_MESSAGES = 500;

/** Public ids are `session_<timestamp>_<random>`; imported ones may differ, so only the charset is checked. */
export function isSessionId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,100}$/.test(id);
}

export interface SessionSummaryDto {
  sessionId: string;
  /** What the operator recognises: the name of the address's latest request, else "Visiteur · Allemand · arrivé sur /de/visa-finder". */
  label: string;
  locale: string;
  startPage: string;
  createdAt: string;
  lastMessageId: number;
  lastMessage: string;
  lastMessageSender: Sender;
  lastMessageTime: string;
  messageCount: number;
  unreadCount: number;
}

export interface SessionDetailDto {
  session: {
    id: string;
    locale: string;
    startPage: string;
    createdAt: string;
    visitorEmail: string | null;
    visitorEmailVerified: boolean;
    visitorEmailReplies: boolean;
  };
  /** Oldest first: the latest page, or the page before the `before` cursor asked for. */
  messages: ChatMessageDto[];
  /** Pass as `?before=` to read the older page; null when this page starts the conversation. */
  before: number | null;
}

export async function listSessionSummaryDtos(): Promise<SessionSummaryDto[]> {
  const summaries = await listSessionSummaries({ limit: MAX_LISTED_SESSIONS });
  const names = await listVisitorNames({ sessionIds: summaries.map((summary) => summary.sessionId) });
  return summaries.map((summary) => ({
    ...summary,
    label: personLabel({ name: names.get(summary.sessionId) ?? null, locale: summary.locale, firstPage: summary.startPage }),
    createdAt: summary.createdAt.toISOString(),
    lastMessageTime: summary.lastMessageTime.toISOString(),
  }));
}

/**
 * The session and a page of its messages (the latest, or the one before `beforeId`); null when
 * unknown. Reading changes nothing: the console marks what it showed read with a POST (its
 * `markRead` action, or `/api/admin/sessions/[id]/read`).
 */
export async function openSessionForOperator({ id, beforeId }: { id: string; beforeId?: number }): Promise<SessionDetailDto | null> {
  const session = await getChatSession({ id });
  if (!session) return null;
  const page = await listMessagePage({ sessionId: id, beforeId });
  const { messages } = page;
  return {
    session: {
      id: session.id,
      locale: session.locale,
      startPage: session.startPage,
      createdAt: session.createdAt.toISOString(),
      visitorEmail: session.visitorEmail,
      visitorEmailVerified: session.visitorEmailVerified,
      visitorEmailReplies: session.visitorEmailReplies,
    },
    messages: messages.map(toMessageDto),
    before: page.before,
  };
}

/** Every session's messages after `afterId`: what a console missed while disconnected. */
export async function listMessagesForReplay({ afterId }: { afterId: number }): Promise<ChatMessageDto[]> {
  const rows = await listMessagesSince({ afterId, limit: MAX_REPLAYED_MESSAGES });
  return rows.map(toMessageDto);
}
