import 'server-only';
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { people, personRecords } from '@/lib/db/schema';
import { loadPeopleByIds } from '@/lib/people/list-queries';
import { summarisePeople } from '@/lib/people/summary';
import { personLabel } from '@/lib/people/label';
import { listVisitorNames } from '@/lib/people/names';
import { selectRows } from '@/lib/people/rows';

export type UnreadClaim = { sessionId: string; lastMessageId: number; count: number; text: string; who: string };

type ClaimRow = { id: string; through: number | string; read_id: number | string; last_id: number | string; locale: string };

/**
 * Claims the conversations in which a visitor's message has waited `delayMs` unread by every
 * operator (and was not pushed yet): `operator_pushed_through_id` moves from the value this
 * instance read to the conversation's latest visitor message, in one UPDATE, so of two instances
 * one wins. The first message of a conversation is left out: its "new conversation" push said it.
 * Messages older than `lookbackMs` (beyond the delay) are left too.
 */
export async function claimUnreadMessages({
  delayMs,
  lookbackMs,
  limit = 20,
}: {
  delayMs: number;
  lookbackMs: number;
  limit?: number;
}): Promise<UnreadClaim[]> {
  const db = await getDb();
  const rows = await selectRows<ClaimRow>(
    db,
    sql`with due as (
          select s.id, s.operator_pushed_through_id as through
          from chat_sessions s
          where s.last_message_at >= now() - make_interval(secs => ${(delayMs + lookbackMs) / 1000})
            and exists (
              select 1 from messages m
              where m.session_id = s.id and m.sender = 'visitor'
                and m.id > greatest(s.operator_pushed_through_id, s.operator_last_read_id)
                and m.id > (select min(f.id) from messages f where f.session_id = s.id)
                and m.created_at <= now() - make_interval(secs => ${delayMs / 1000})
                and m.created_at >= now() - make_interval(secs => ${(delayMs + lookbackMs) / 1000}))
          order by s.last_message_at
          limit ${limit}
        )
        update chat_sessions s
        set operator_pushed_through_id = (select max(m.id) from messages m where m.session_id = s.id and m.sender = 'visitor')
        from due
        where s.id = due.id and s.operator_pushed_through_id = due.through
        returning s.id, due.through, s.operator_last_read_id as read_id, s.operator_pushed_through_id as last_id, s.locale`,
  );
  if (rows.length === 0) return [];
  const names = await listVisitorNames({ sessionIds: rows.map((row) => row.id) });
  const claims: UnreadClaim[] = [];
  for (const row of rows) {
    const after = Math.max(Number(row.through), Number(row.read_id));
    const [unread] = await selectRows<{ count: number | string; text: string | null }>(
      db,
      sql`select count(*) as count, (array_agg(content order by id desc))[1] as text from messages
          where session_id = ${row.id} and sender = 'visitor' and id > ${after} and id <= ${Number(row.last_id)}
            and id > (select min(f.id) from messages f where f.session_id = ${row.id})`,
    );
    if (!unread || Number(unread.count) === 0) continue;
    claims.push({
      sessionId: row.id,
      lastMessageId: Number(row.last_id),
      count: Number(unread.count),
      text: unread.text ?? '',
      who: personLabel({ name: names.get(row.id) ?? null, locale: row.locale, firstPage: null }),
    });
  }
  return claims;
}

/** "Visiteur · Allemand", or the name of the latest request sharing the conversation's address. */
export async function conversationLabel({ sessionId, locale }: { sessionId: string; locale: string }): Promise<string> {
  const names = await listVisitorNames({ sessionIds: [sessionId] });
  return personLabel({ name: names.get(sessionId) ?? null, locale, firstPage: null });
}

export type DueFollowUp = { personKey: string; dueAt: string; reason: string; who: string };

/** Follow-ups (of people not merged into another) whose date came in the last `lookbackMs`. */
export async function listDueFollowUps({ lookbackMs, limit = 50 }: { lookbackMs: number; limit?: number }): Promise<DueFollowUp[]> {
  const db = await getDb();
  const rows = await db
    .select({ personId: people.id, followUpAt: personRecords.followUpAt, reason: personRecords.followUpReason })
    .from(personRecords)
    .innerJoin(people, eq(people.id, personRecords.personId))
    .where(
      and(
        isNull(people.rootId),
        lte(personRecords.followUpAt, sql`now()`),
        gt(personRecords.followUpAt, sql`now() - make_interval(secs => ${lookbackMs / 1000})`),
      ),
    )
    .orderBy(asc(personRecords.followUpAt))
    .limit(limit);
  const shown = new Map(
    summarisePeople(
      await loadPeopleByIds(
        db,
        rows.map((row) => Number(row.personId)),
      ),
    ).map((person) => [person.key, person]),
  );
  return rows.map((row) => {
    const person = shown.get(String(row.personId));
    return {
      personKey: String(row.personId),
      dueAt: new Date(row.followUpAt ?? 0).toISOString(),
      reason: row.reason ?? '',
      who: personLabel({ name: person?.name ?? null, locale: person?.locale ?? 'fr', firstPage: null }),
    };
  });
}
