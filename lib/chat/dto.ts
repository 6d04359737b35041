import { z } from 'zod';
import { MAX_MESSAGE_LENGTH, type ChatMessageDto } from './message';
import type { ChatMessage } from './queries';

export const messageContentSchema = z.string().trim().min(1).max(MAX_MESSAGE_LENGTH);

export function toMessageDto(message: ChatMessage): ChatMessageDto {
  return {
    id: message.id,
    sessionId: message.sessionId,
    sender: message.sender,
    content: message.content,
    createdAt: message.createdAt.toISOString(),
    ...(message.kind === 'booking' ? { kind: 'booking' as const } : {}),
    // The widget's own key: its copy waiting in the outbox is the message the stream brings back.
    ...(message.clientId ? { clientId: message.clientId } : {}),
  };
}

/** `?after=` or `?before=` of a history read, as message ids; anything else reads the latest page. */
export function readPageCursor(url: string): { afterId?: number; beforeId?: number } {
  const params = new URL(url).searchParams;
  const id = (name: string) => {
    const raw = params.get(name);
    return raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
  };
  const afterId = id('after');
  if (afterId !== undefined) return { afterId };
  const beforeId = id('before');
  return beforeId === undefined ? {} : { beforeId };
}
