import type { ChatMessageDto } from './types';

/** Adds incoming messages to a list kept sorted by id, each id once (replays overlap live events). */
export function mergeMessages(current: readonly ChatMessageDto[], incoming: readonly ChatMessageDto[]): ChatMessageDto[] {
  if (incoming.length === 0) return current as ChatMessageDto[];
  const byId = new Map<number, ChatMessageDto>();
  for (const message of current) byId.set(message.id, message);
  let changed = false;
  for (const message of incoming) {
    if (byId.has(message.id)) continue;
    byId.set(message.id, message);
    changed = true;
  }
  if (!changed) return current as ChatMessageDto[];
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function lastMessageId(messages: readonly ChatMessageDto[]): number {
  return messages.reduce((max, message) => Math.max(max, message.id), 0);
}

export function countUnread(messages: readonly ChatMessageDto[], readId: number): number {
  return messages.filter((message) => message.sender === 'operator' && message.id > readId).length;
}

export function isChatMessage(value: unknown): value is ChatMessageDto {
  if (!value || typeof value !== 'object') return false;
  const message = value as Record<string, unknown>;
  return (
    typeof message.id === 'number' &&
    typeof message.sessionId === 'string' &&
    (message.sender === 'visitor' || message.sender === 'operator') &&
    typeof message.content === 'string' &&
    typeof message.createdAt === 'string'
  );
}
