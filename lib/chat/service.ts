import 'server-only';
import { toMessageDto } from './dto';
import type { ChatMessageDto } from './message';
import { saveMessage, type ChatSession, type Sender } from './queries';
import { notifyChatMessage } from '@/lib/notify';
import { pushVisitorMessage } from '@/lib/push/notify';
import { operatorPresence, publishMessage } from './realtime';

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
 * Commits the message, then hands it to the realtime hub; the caller answers only after the
 * commit, so an acknowledged message is never lost.
 */
export async function postMessage({ sessionId, sender, content, clientId, kind, session }: PostMessageInput): Promise<ChatMessageDto> {
  const message = await saveMessage({ sessionId, sender, content, clientId, kind });
  publishMessage(message);
  if (sender === 'visitor' && session) {
    const firstOfConversation = session.lastMessageAt === null;
    // Not awaited: a slow or failing notification never delays or fails the visitor.
    void notifyChatMessage({ session, message, firstOfConversation, operatorsOnline: operatorPresence.count() });
    pushVisitorMessage({ session, message, firstOfConversation });
  }
  return toMessageDto(message);
}
