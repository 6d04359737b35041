import 'server-only';
import { toMessageDto } from './dto';
import type { ChatMessageDto } from './message';
import { getChatSession, listMessages, listMessagesSince, listSessionSummaries, type Sender } from './queries';
import { markReadByOperator } from './read-receipts';

/** Caps the console's list and the replay after a reconnect; the 30 s poll rereads the rest. */
export const MAX_LISTED_SESSIONS = 200;
export const MAX_REPLAYED_MESSAGES = 500;

/** Public ids are `session_<timestamp>_<random>`; imported ones may differ, so only the charset is checked. */
export function isSessionId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,100}$/.test(id);
}

export interface SessionSummaryDto {
  sessionId: string;
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
  session: { id: string; locale: string; startPage: string; createdAt: string };
  messages: ChatMessageDto[];
}

export async function listSessionSummaryDtos(): Promise<SessionSummaryDto[]> {
  const summaries = await listSessionSummaries({ limit: MAX_LISTED_SESSIONS });
  return summaries.map((summary) => ({
    ...summary,
    createdAt: summary.createdAt.toISOString(),
    lastMessageTime: summary.lastMessageTime.toISOString(),
  }));
}

/** The session and all its messages, which the operator has now read; null when unknown. */
export async function openSessionForOperator({ id }: { id: string }): Promise<SessionDetailDto | null> {
  const session = await getChatSession({ id });
  if (!session) return null;
  const messages = await listMessages({ sessionId: id });
  const lastId = messages.at(-1)?.id;
  if (lastId !== undefined) await markReadByOperator({ sessionId: id, upToId: lastId });
  return {
    session: {
      id: session.id,
      locale: session.locale,
      startPage: session.startPage,
      createdAt: session.createdAt.toISOString(),
    },
    messages: messages.map(toMessageDto),
  };
}

/** Every session's messages after `afterId`: what a console missed while disconnected. */
export async function listMessagesForReplay({ afterId }: { afterId: number }): Promise<ChatMessageDto[]> {
  const rows = await listMessagesSince({ afterId, limit: MAX_REPLAYED_MESSAGES });
  return rows.map(toMessageDto);
}
