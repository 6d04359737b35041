import 'server-only';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { chatTrail } from '@/lib/db/schema';
import { MAX_TRAIL_ENTRIES } from './trail';

export type TrailEntry = { id: number; sessionId: string; path: string; title: string; createdAt: Date };

// PGlite returns BIGINT as number, pg as string.
const toEntry = (row: typeof chatTrail.$inferSelect): TrailEntry => ({ ...row, id: Number(row.id) });

/**
 * Records a page of a conversation's trail and drops what lies beyond the newest
 * `MAX_TRAIL_ENTRIES`, in one transaction.
 */
export async function saveTrailEntry({
  sessionId,
  path,
  title,
  keep = MAX_TRAIL_ENTRIES,
}: {
  sessionId: string;
  path: string;
  title: string;
  keep?: number;
}): Promise<TrailEntry> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(chatTrail).values({ sessionId, path, title }).returning();
    if (!row) throw new Error(`No trail row returned for session ${sessionId}`);
    const oldestKept = tx
      .select({ id: chatTrail.id })
      .from(chatTrail)
      .where(eq(chatTrail.sessionId, sessionId))
      .orderBy(desc(chatTrail.id))
      .offset(keep - 1)
      .limit(1);
    await tx.delete(chatTrail).where(and(eq(chatTrail.sessionId, sessionId), lt(chatTrail.id, sql`(${oldestKept})`)));
    return toEntry(row);
  });
}

/** The latest `limit` pages of a conversation, oldest first. */
export async function listTrail({ sessionId, limit = MAX_TRAIL_ENTRIES }: { sessionId: string; limit?: number }): Promise<TrailEntry[]> {
  const db = await getDb();
  const rows = await db.select().from(chatTrail).where(eq(chatTrail.sessionId, sessionId)).orderBy(desc(chatTrail.id)).limit(limit);
  return rows.map(toEntry).reverse();
}

/** Every recorded page of these conversations, oldest first (the subject-data export). */
export async function listTrailOfSessions({ sessionIds }: { sessionIds: string[] }): Promise<TrailEntry[]> {
  if (sessionIds.length === 0) return [];
  const db = await getDb();
  const rows = await db.select().from(chatTrail).where(inArray(chatTrail.sessionId, sessionIds)).orderBy(asc(chatTrail.id));
  return rows.map(toEntry);
}
