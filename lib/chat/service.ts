import 'server-only';
import { emit } from '@/lib/events';
import { toMessageDto } from './dto';
import type { ChatMessageDto } from './message';
import { saveMessage, type ChatSession, type Sender } from './queries';

interface PostMessageInput {
  sessionId: string;
  sender: Sender;
  content: string;
  /** The widget's idempotency key (lib/chat/idempotency.ts). */
  clientId?: string;
  kind?: 'booking';
  /** The visitor's session as read before saving: it tells whether this opens the conversation. */
  session?: Pick<ChatSession, 'id' | 'locale' | 'startPage' | 'lastMessageAt'>;
}

/**
 * Commits the message, then emits `chat.message.saved` (the realtime hub, notifications and push
 * subscribe); the caller answers only after the commit, so an acknowledged message is never lost.
 */
export async function postMessage({ sessionId, sender, content, clientId, kind, session }: PostMessageInput): Promise<ChatMessageDto> {
  const message = await saveMessage({ sessionId, sender, content, clientId, kind });
  const visitor =
    sender === 'visitor' && session
      ? { session: { id: session.id, locale: session.locale, startPage: session.startPage }, firstOfConversation: session.lastMessageAt === null }
      : null;
  // Not awaited: a slow or failing notification never delays or fails the visitor.
  void emit('chat.message.saved', { message, visitor });
  return toMessageDto(message);
}
