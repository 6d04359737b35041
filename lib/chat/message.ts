/**
 * A chat message as the server sends it and as the visitor widget and the operator console hold
 * it. No server import: both browser bundles load this module.
 */
export type ChatSender = 'visitor' | 'operator';

export interface ChatMessageDto {
  id: number;
  sessionId: string;
  sender: ChatSender;
  content: string;
  createdAt: string;
  /** Absent for text; 'booking': a "book a call" card whose content is the calendar's URL. */
  kind?: 'booking';
  /** The idempotency key the visitor's widget sent the message with (absent otherwise). */
  clientId?: string;
}

/** The longest message a visitor or an operator may send (the server's schema and both forms). */
export const MAX_MESSAGE_LENGTH = 2000;

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

/**
 * Adds incoming messages to a list kept sorted by id, each id once: replays, live events and a
 * reply's own answer overlap. Returns `current` itself when nothing is new, so React skips a render.
 */
export function mergeMessages<T extends ChatMessageDto>(current: readonly T[], incoming: readonly T[]): T[] {
  const byId = new Map<number, T>(current.map((message) => [message.id, message]));
  const before = byId.size;
  for (const message of incoming) if (!byId.has(message.id)) byId.set(message.id, message);
  if (byId.size === before) return current as T[];
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function lastMessageId(messages: readonly ChatMessageDto[]): number {
  return messages.reduce((max, message) => Math.max(max, message.id), 0);
}

/** Messages from `sender` newer than the reader's marker. */
export function countUnread(messages: readonly ChatMessageDto[], readId: number, sender: ChatSender): number {
  return messages.filter((message) => message.sender === sender && message.id > readId).length;
}
