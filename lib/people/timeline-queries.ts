import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { describeVisaDetails } from '@/lib/leads/admin-queries';
import { withLastMessages } from './last-messages';
import { loadPeople, type PersonSummaryDto } from './list-queries';
import { summarisePeople } from './summary';
import { iso, selectRows } from './rows';
import { personKeyForSession } from './stages';

export type TimelineEntry =
  | { kind: 'message'; at: string; sessionId: string; sender: 'visitor' | 'operator'; text: string }
  | { kind: 'page'; at: string; sessionId: string; path: string; title: string }
  | { kind: 'request'; at: string; leadId: number; text: string; phone: string | null }
  | { kind: 'visa'; at: string; leadId: number; recommended: string | null; answers: { label: string; value: string }[] }
  | { kind: 'note' | 'stage' | 'follow_up' | 'merge' | 'unmerge'; at: string; id: number; text: string; stage: string | null; operator: string };

export interface PersonDetailDto {
  person: PersonSummaryDto;
  /** Oldest first. */
  timeline: TimelineEntry[];
}

/** At most this many messages per conversation in a timeline (the latest); the conversation view pages the rest. */
export const TIMELINE_MESSAGES = 200;

export async function getPersonDetail({ key }: { key: string }): Promise<PersonDetailDto | null> {
  const people = await loadPeople();
  const found = people.find((group) => group.key === key || group.keys.has(key));
  if (!found) return null;
  const [person] = await withLastMessages(summarisePeople([found]));
  if (!person) return null;
  const db = await getDb();
  const sessionIds = person.conversations.map((c) => c.sessionId);
  const emails = [person.key, ...person.mergedKeys].filter((k) => k.startsWith('email:')).map((k) => k.slice('email:'.length));
  const keys = [person.key, ...person.mergedKeys, ...sessionIds.map(personKeyForSession)];
  const ids = sql.join(sessionIds.length ? sessionIds.map((id) => sql`${id}`) : [sql`null`], sql`, `);
  const mails = sql.join(emails.length ? emails.map((email) => sql`${email}`) : [sql`null`], sql`, `);
  const keyList = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  const [messages, pages, leads, events] = await Promise.all([
    selectRows<{ session_id: string; sender: 'visitor' | 'operator'; content: string; created_at: Date }>(
      db,
      sql`select session_id, sender, content, created_at from (select *, row_number() over (partition by session_id order by id desc) as n from messages where session_id in (${ids})) m where n <= ${TIMELINE_MESSAGES}`,
    ),
    selectRows<{ session_id: string; path: string; title: string; created_at: Date }>(
      db,
      sql`select session_id, path, title, created_at from chat_trail where session_id in (${ids})`,
    ),
    selectRows<{ id: number; source: 'contact' | 'visa'; message: string; phone: string | null; details: unknown; created_at: Date }>(
      db,
      sql`select id, source, message, phone, details, created_at from leads where lower(email) in (${mails})`,
    ),
    selectRows<{ id: number; kind: 'note'; body: string; stage: string | null; operator_email: string; created_at: Date }>(
      db,
      sql`select id, kind, body, stage, operator_email, created_at from person_events where person_key in (${keyList})`,
    ),
  ]);
  const timeline: TimelineEntry[] = [
    ...messages.map((m) => ({ kind: 'message' as const, at: iso(m.created_at), sessionId: m.session_id, sender: m.sender, text: m.content })),
    ...pages.map((p) => ({ kind: 'page' as const, at: iso(p.created_at), sessionId: p.session_id, path: p.path, title: p.title })),
    ...leads.map((l) => {
      const visa = l.source === 'visa' ? describeVisaDetails(l.details) : null;
      return visa
        ? { kind: 'visa' as const, at: iso(l.created_at), leadId: Number(l.id), recommended: visa.recommended, answers: visa.answers }
        : { kind: 'request' as const, at: iso(l.created_at), leadId: Number(l.id), text: l.message, phone: l.phone };
    }),
    ...events.map((e) => ({ kind: e.kind, at: iso(e.created_at), id: Number(e.id), text: e.body, stage: e.stage, operator: e.operator_email })),
  ];
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  return { person, timeline };
}
