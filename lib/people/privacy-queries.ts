import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { iso, isoOrNull, selectRows } from './rows';
import { personKeyForEmail, personKeyForSession } from './stages';

type Tx = Pick<Db, 'execute'>;
const list = (values: string[]) => sql.join(values.length ? values.map((value) => sql`${value}`) : [sql`null`], sql`, `);

/** The person keys of an address: its own, its conversations', and those merged into either. */
export async function personKeysOf(tx: Tx, { email, sessionIds }: { email: string; sessionIds: string[] }) {
  const own = [personKeyForEmail(email), ...sessionIds.map(personKeyForSession)];
  const merged = await selectRows<{ key: string }>(tx, sql`select key from person_records where merged_into in (${list(own)})`);
  return [...new Set([...own, ...merged.map((row) => row.key)])];
}

/** What the operators wrote about these keys (stage, follow-up, notes, stage changes), for a subject's export. */
export async function exportPersonRecords(tx: Tx, keys: string[]) {
  const records = await selectRows<{
    key: string;
    stage: string;
    lost_reason: string | null;
    follow_up_at: Date | null;
    follow_up_reason: string | null;
    merged_into: string | null;
    created_at: Date;
  }>(
    tx,
    sql`select key, stage, lost_reason, follow_up_at, follow_up_reason, merged_into, created_at from person_records where key in (${list(keys)}) order by key`,
  );
  const events = await selectRows<{ person_key: string; kind: string; stage: string | null; body: string; operator_email: string; created_at: Date }>(
    tx,
    sql`select person_key, kind, stage, body, operator_email, created_at from person_events where person_key in (${list(keys)}) order by id`,
  );
  return records.map((record) => ({
    key: record.key,
    stage: record.stage,
    lostReason: record.lost_reason,
    followUpAt: isoOrNull(record.follow_up_at),
    followUpReason: record.follow_up_reason,
    mergedInto: record.merged_into,
    createdAt: iso(record.created_at),
    history: events
      .filter((event) => event.person_key === record.key)
      .map((event) => ({ kind: event.kind, stage: event.stage, text: event.body, operator: event.operator_email, at: iso(event.created_at) })),
  }));
}

/** Deletes these records (their notes and history cascade) and the conversations merged into them. */
export async function erasePersonRecords(tx: Tx, keys: string[]) {
  const chats = keys.filter((key) => key.startsWith('chat:')).map((key) => key.slice('chat:'.length));
  const sessions = await selectRows<{ id: string }>(tx, sql`delete from chat_sessions where id in (${list(chats)}) returning id`);
  await tx.execute(sql`update person_records set merged_into = null where merged_into in (${list(keys)})`);
  const records = await selectRows<{ key: string }>(tx, sql`delete from person_records where key in (${list(keys)}) returning key`);
  return { records: records.length, conversations: sessions.length };
}

/** Records whose person is gone (every lead and conversation deleted by retention), and old job claims. */
export async function purgeOrphanRecords(tx: Tx) {
  const orphans = await selectRows<{ key: string }>(
    tx,
    sql`delete from person_records r where
      (r.key like 'chat:%' and not exists (select 1 from chat_sessions s where 'chat:' || s.id = r.key))
      or (r.key like 'email:%' and not exists (select 1 from leads l where 'email:' || lower(l.email) = r.key)
        and not exists (select 1 from chat_sessions s where 'email:' || lower(s.visitor_email) = r.key))
      returning key`,
  );
  await tx.execute(sql`update person_records set merged_into = null where merged_into is not null and merged_into not in (select key from person_records)`);
  await tx.execute(sql`delete from job_claims where day < current_date - 30`);
  return orphans.length;
}
