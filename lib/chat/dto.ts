import { z } from 'zod';
import type { ChatMessage } from './queries';

export const MAX_MESSAGE_LENGTH = 2000;

export const messageContentSchema = z.string().trim().min(1).max(MAX_MESSAGE_LENGTH);

/** What a message looks like on the wire, to the widget and the console. */
export interface ChatMessageDto {
  id: number;
  sessionId: string;
  sender: 'visitor' | 'operator';
  content: string;
  createdAt: string;
}

export function toMessageDto(message: ChatMessage): ChatMessageDto {
  return {
    id: message.id,
    sessionId: message.sessionId,
    sender: message.sender,
    content: message.content,
    createdAt: message.createdAt.toISOString(),
  };
}
