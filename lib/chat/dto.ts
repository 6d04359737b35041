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
  };
}
