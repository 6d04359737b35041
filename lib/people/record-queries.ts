import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import type { ConversationStatus, Stage } from './stages';
import { selectRows } from './rows';

type Tx = Pick<Db, 'execute'>;
type EventInput = { kind: 'note' | 'stage' | 'follow_up' | 'merge' | 'unmerge'; stage?: string | null; body?: string; operatorEmail: string };

const ensureRecord = (tx: Tx, key: string) => tx.execute(sql`insert into person_records (key) values (${key}) on conflict (key) do nothing`);

async function addEvent(tx: Tx, key: string, event: EventInput) {
  await ensureRecord(tx, key);
  await tx.execute(
    sql`insert into person_events (person_key, kind, stage, body, operator_email) values (${key}, ${event.kind}, ${event.stage ?? null}, ${event.body ?? ''}, ${event.operatorEmail})`,
  );
}

/** The key a record was merged into, if any (for the route: acting on a merged key acts on its person). */
async function canonicalKey(tx: Tx, key: string): Promise<string> {
  let current = key;
  for (let hop = 0; hop < 10; hop++) {
    const [row] = await selectRows<{ merged_into: string | null }>(tx, sql`select merged_into from person_records where key = ${current}`);
    if (!row?.merged_into) return current;
    current = row.merged_into;
  }
  return current;
}

export async function setStage({ key, stage, lostReason, operatorEmail }: { key: string; stage: Stage; lostReason?: string; operatorEmail: string }) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const target = await canonicalKey(tx, key);
    await ensureRecord(tx, target);
    const reason = stage === 'lost' ? (lostReason ?? null) : null;
    await tx.execute(sql`update person_records set stage = ${stage}, lost_reason = ${reason} where key = ${target}`);
    await addEvent(tx, target, { kind: 'stage', stage, body: reason ?? '', operatorEmail });
  });
}

export async function addNote({ key, body, operatorEmail }: { key: string; body: string; operatorEmail: string }) {
  const db = await getDb();
  await db.transaction(async (tx) => addEvent(tx, await canonicalKey(tx, key), { kind: 'note', body, operatorEmail }));
}

/** Sets (or clears, with `at` null) the person's follow-up; kept in the timeline. */
export async function setFollowUp({ key, at, reason, operatorEmail }: { key: string; at: Date | null; reason: string; operatorEmail: string }) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const target = await canonicalKey(tx, key);
    await ensureRecord(tx, target);
    await tx.execute(
      sql`update person_records set follow_up_at = ${at ? at.toISOString() : null}, follow_up_reason = ${at ? reason : null} where key = ${target}`,
    );
    await addEvent(tx, target, { kind: 'follow_up', body: at ? `${at.toISOString()} ${reason}`.trim() : '', operatorEmail });
  });
}

/**
 * Makes `from` part of `into`'s person: one action, undone by `unmergePerson`. Refused (false)
 * when both are already one person.
 */
export async function mergePeople({ from, into, operatorEmail }: { from: string; into: string; operatorEmail: string }): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const source = await canonicalKey(tx, from);
    const target = await canonicalKey(tx, into);
    if (source === target) return false;
    await ensureRecord(tx, source);
    await ensureRecord(tx, target);
    await tx.execute(sql`update person_records set merged_into = ${target} where key = ${source}`);
    await addEvent(tx, target, { kind: 'merge', body: source, operatorEmail });
    return true;
  });
}

/** Undoes a merge: `key` is its own person again (false when it was not merged). */
export async function unmergePerson({ key, operatorEmail }: { key: string; operatorEmail: string }): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await selectRows<{ merged_into: string | null }>(tx, sql`select merged_into from person_records where key = ${key} for update`);
    if (!row?.merged_into) return false;
    await tx.execute(sql`update person_records set merged_into = null where key = ${key}`);
    await addEvent(tx, row.merged_into, { kind: 'unmerge', body: key, operatorEmail });
    return true;
  });
}

/** Open, resolved, or snoozed until `until`; false for an unknown conversation. */
export async function setConversationStatus({ sessionId, status, until }: { sessionId: string; status: ConversationStatus; until?: Date | null }) {
  const db = await getDb();
  const rows = await selectRows<{ id: string }>(
    db,
    sql`update chat_sessions set status = ${status}, snoozed_until = ${status === 'snoozed' && until ? until.toISOString() : null} where id = ${sessionId} returning id`,
  );
  return rows.length > 0;
}
