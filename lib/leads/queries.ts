import 'server-only';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { chatSessions, leads } from '@/lib/db/schema';
import { personForRequest } from '@/lib/identity/people';

export type Lead = Omit<typeof leads.$inferSelect, 'search'>;
export type NewLead = Omit<typeof leads.$inferInsert, 'id' | 'createdAt' | 'handledAt' | 'personId'> & {
  /** The conversation of the browser that sent it, when the browser proved it owns one: the request is that visitor's. */
  chatSessionId?: string | null;
};

// The search vector stays in the database.
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the search vector is left out, not used
const toLead = ({ search: _search, ...row }: typeof leads.$inferSelect): Lead => ({ ...row, id: Number(row.id) });

/** Resolves once the lead is committed, with the person it belongs to. */
export async function saveLead({ chatSessionId, ...lead }: NewLead): Promise<Lead> {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const personId = await personForRequest(tx, { email: lead.email, chatSessionId });
    const [inserted] = await tx
      .insert(leads)
      .values({ ...lead, personId })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('No lead row returned');
  return toLead(row);
}

export async function listLeads({ limit = 200 }: { limit?: number } = {}): Promise<{ leads: Lead[]; unhandled: number }> {
  const db = await getDb();
  const rows = await db.select().from(leads).orderBy(desc(leads.createdAt), desc(leads.id)).limit(limit);
  const [open] = await db.select({ value: count() }).from(leads).where(isNull(leads.handledAt));
  return { leads: rows.map(toLead), unhandled: Number(open?.value ?? 0) };
}

export async function getLead({ id }: { id: number }): Promise<Lead | null> {
  const db = await getDb();
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  return row ? toLead(row) : null;
}

export async function markLeadHandled({ id, handled }: { id: number; handled: boolean }): Promise<Lead | null> {
  const db = await getDb();
  const [row] = await db
    .update(leads)
    .set({ handledAt: handled ? sql`now()` : null })
    .where(eq(leads.id, id))
    .returning();
  return row ? toLead(row) : null;
}

/** Chat sessions whose visitor left the same e-mail (set when a lead comes from that browser). */
export async function linkChatSessionToEmail({ sessionId, email }: { sessionId: string; email: string }) {
  const db = await getDb();
  await db
    .update(chatSessions)
    .set({ visitorEmail: email })
    .where(and(eq(chatSessions.id, sessionId), isNull(chatSessions.visitorEmail)));
}
