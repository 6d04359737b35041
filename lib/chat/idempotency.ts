import 'server-only';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { isUniqueViolation } from '@/lib/api/database-errors';
import { getDb } from '@/lib/db/client';
import { messages } from '@/lib/db/schema';
import { toMessageDto } from './dto';
import type { ChatMessageDto } from './message';

// The widget names each message it sends (a UUID kept with the pending message in the browser);
// a retry after a lost answer, a reload or a restart finds the saved message instead of adding one.

export const clientIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);

export async function findMessageByClientId({ sessionId, clientId }: { sessionId: string; clientId: string }): Promise<ChatMessageDto | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.sessionId, sessionId), eq(messages.clientId, clientId)))
    .limit(1);
  return row ? toMessageDto({ ...row, id: Number(row.id) }) : null;
}

/** Two retries of the same message raced: the second insert hit the unique key. */
export const isDuplicateClientId = isUniqueViolation;
