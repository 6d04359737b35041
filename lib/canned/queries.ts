import 'server-only';
import { asc, count, eq, sql } from 'drizzle-orm';
import { isUniqueViolation } from '@/lib/api/database-errors';
import { getDb } from '@/lib/db/client';
import { cannedReplies } from '@/lib/db/schema';
import { MAX_CANNED_REPLIES, type CannedReplyDto } from './reply';
import type { CannedReplyInput } from './schema';

type Row = typeof cannedReplies.$inferSelect;

/** What a write did: the reply as stored, or why nothing changed. */
export type CannedWrite = { ok: true; reply: CannedReplyDto } | { ok: false; reason: 'shortcut_taken' | 'too_many' | 'not_found' };

// Serialises creations across instances sharing one PostgreSQL, so the count bound holds.
const CREATE_LOCK_KEY = 7_426_103_517;

function toCannedReplyDto(row: Row): CannedReplyDto {
  return {
    id: Number(row.id),
    shortcut: row.shortcut,
    texts: { fr: row.textFr, en: row.textEn, es: row.textEs, de: row.textDe, it: row.textIt },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toColumns = ({ shortcut, texts }: CannedReplyInput) => ({
  shortcut,
  textFr: texts.fr,
  textEn: texts.en,
  textEs: texts.es,
  textDe: texts.de,
  textIt: texts.it,
});

/** Every reply, by shortcut (the table holds at most MAX_CANNED_REPLIES). */
export async function listCannedReplies(): Promise<CannedReplyDto[]> {
  const db = await getDb();
  const rows = await db.select().from(cannedReplies).orderBy(asc(cannedReplies.shortcut)).limit(MAX_CANNED_REPLIES);
  return rows.map(toCannedReplyDto);
}

export async function createCannedReply({ input }: { input: CannedReplyInput }): Promise<CannedWrite> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Raw SQL: Drizzle has no builder for advisory locks.
    await tx.execute(sql`select pg_advisory_xact_lock(${CREATE_LOCK_KEY})`);
    const [total] = await tx.select({ value: count() }).from(cannedReplies);
    if (Number(total?.value ?? 0) >= MAX_CANNED_REPLIES) return { ok: false, reason: 'too_many' } as const;
    const [row] = await tx.insert(cannedReplies).values(toColumns(input)).onConflictDoNothing({ target: cannedReplies.shortcut }).returning();
    return row ? ({ ok: true, reply: toCannedReplyDto(row) } as const) : ({ ok: false, reason: 'shortcut_taken' } as const);
  });
}

export async function updateCannedReply({ id, input }: { id: number; input: CannedReplyInput }): Promise<CannedWrite> {
  const db = await getDb();
  try {
    const [row] = await db
      .update(cannedReplies)
      .set({ ...toColumns(input), updatedAt: sql`now()` })
      .where(eq(cannedReplies.id, id))
      .returning();
    return row ? { ok: true, reply: toCannedReplyDto(row) } : { ok: false, reason: 'not_found' };
  } catch (error) {
    // Renamed to another reply's shortcut.
    if (isUniqueViolation(error)) return { ok: false, reason: 'shortcut_taken' };
    throw error;
  }
}

/** True when the reply existed. */
export async function deleteCannedReply({ id }: { id: number }): Promise<boolean> {
  const db = await getDb();
  const rows = await db.delete(cannedReplies).where(eq(cannedReplies.id, id)).returning({ id: cannedReplies.id });
  return rows.length > 0;
}
