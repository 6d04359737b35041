'use server';

import { asOperator, done, refuse, type ActionResult } from '@/lib/auth/operator-action';
import { isSessionId } from '@/lib/chat/admin-queries';
import { messageContentSchema } from '@/lib/chat/dto';
import { typingPerSessionLimiter } from '@/lib/chat/limits';
import type { ChatMessageDto } from '@/lib/chat/message';
import { getChatSession } from '@/lib/chat/queries';
import { markReadByOperator } from '@/lib/chat/read-receipts';
import { publishSignal } from '@/lib/chat/realtime';
import { postMessage } from '@/lib/chat/service';
import { config } from '@/lib/config';
import { z } from 'zod';

// The console's changes to a conversation, each checking the session again. The same changes stay
// reachable as /api/admin/sessions/<id>/… for clients outside the page (integrations, benchmarks).

const sessionOf = async (sessionId: unknown) => (typeof sessionId === 'string' && isSessionId(sessionId) ? getChatSession({ id: sessionId }) : null);

/** The operator's reply; whoever answers has read what came before. */
export async function sendReply(sessionId: string, content: string): Promise<ActionResult<ChatMessageDto>> {
  return asOperator('chat', async () => {
    const text = messageContentSchema.safeParse(content);
    if (!text.success) return refuse(400, 'invalid_content');
    const session = await sessionOf(sessionId);
    if (!session) return refuse(404, 'not_found');
    const message = await postMessage({ sessionId: session.id, sender: 'operator', content: text.data });
    await markReadByOperator({ sessionId: session.id, upToId: message.id });
    return done(message);
  });
}

/** One click: a "book a call" card with the configured calendar (BOOKING_URL). */
export async function sendBooking(sessionId: string): Promise<ActionResult<ChatMessageDto>> {
  return asOperator('chat', async () => {
    const bookingUrl = config.bookingUrl;
    if (!bookingUrl) return refuse(409, 'booking_not_configured');
    const session = await sessionOf(sessionId);
    if (!session) return refuse(404, 'not_found');
    const message = await postMessage({ sessionId: session.id, sender: 'operator', content: bookingUrl, kind: 'booking' });
    await markReadByOperator({ sessionId: session.id, upToId: message.id });
    return done(message);
  });
}

const upToIdSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** The open conversation's messages up to `upToId` are read (a message arrived while it was shown). */
export async function markRead(sessionId: string, upToId: number): Promise<ActionResult<null>> {
  return asOperator('chat', async () => {
    const id = upToIdSchema.safeParse(upToId);
    if (!id.success) return refuse(400, 'invalid_body');
    const marked = typeof sessionId === 'string' && isSessionId(sessionId) ? await markReadByOperator({ sessionId, upToId: id.data }) : null;
    return marked ? done(null) : refuse(404, 'not_found');
  });
}

/** "The operator is typing": not stored, sent to the visitor's widget (bounded per conversation). */
export async function sendTyping(sessionId: string): Promise<ActionResult<null>> {
  return asOperator('chat', async () => {
    if (typeof sessionId !== 'string') return refuse(400, 'invalid_body');
    const limited = await typingPerSessionLimiter(`operator:${sessionId.slice(0, 100)}`);
    if (!limited.ok) return refuse(429, 'rate_limited');
    const session = await sessionOf(sessionId);
    if (!session) return refuse(404, 'not_found');
    await publishSignal({ type: 'typing', sessionId: session.id, sender: 'operator' });
    return done(null);
  });
}
