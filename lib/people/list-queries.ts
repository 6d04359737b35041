import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { personKeyForEmail, personKeyForSession, type ConversationStatus, type PeopleView, type Stage } from './stages';
import { personLabel } from './label';
import { iso, isoOrNull, selectRows } from './rows';

export interface ConversationSummaryDto {
  sessionId: string;
  /** What the operator sees: a snooze that has ended reads as open. */
  status: ConversationStatus;
  snoozedUntil: string | null;
  lastMessage: string;
  lastMessageSender: 'visitor' | 'operator';
  lastMessageAt: string;
  /** The first visitor message not answered yet; null when the operators spoke last. */
  waitingSince: string | null;
  unreadCount: number;
}

export interface PersonSummaryDto {
  key: string;
  label: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  locale: string;
  firstPage: string | null;
  firstSeenAt: string;
  lastActivityAt: string;
  sources: ('contact' | 'visa' | 'chat')[];
  stage: Stage;
  lostReason: string | null;
  followUpAt: string | null;
  followUpReason: string | null;
  /** The keys merged into this person (their merge can be undone). */
  mergedKeys: string[];
  conversations: ConversationSummaryDto[];
  /** The oldest unanswered visitor message among its open conversations. */
  waitingSince: string | null;
  status: ConversationStatus | null;
}

type SessionRow = {
  id: string;
  locale: string;
  start_page: string;
  email: string | null;
  created_at: Date;
  status: ConversationStatus;
  snoozed_until: Date | null;
  last_content: string;
  last_sender: 'visitor' | 'operator';
  last_at: Date;
  waiting_since: Date | null;
  unread: number | string;
};
type LeadRow = { id: number; source: 'contact' | 'visa'; name: string; email: string; phone: string | null; locale: string; created_at: Date };
type RecordRow = {
  key: string;
  stage: Stage;
  lost_reason: string | null;
  follow_up_at: Date | null;
  follow_up_reason: string | null;
  merged_into: string | null;
};

/** Each conversation with its last message and how long it has waited; `now()` decides whether a snooze is over. */
function sessionsQuery(where = sql`true`) {
  return sql`
    select s.id, s.locale, s.start_page, lower(s.visitor_email) as email, s.created_at,
      case when s.status = 'snoozed' and s.snoozed_until <= now() then 'open' else s.status end as status,
      s.snoozed_until, last.content as last_content, last.sender as last_sender, last.created_at as last_at,
      (select min(v.created_at) from messages v where v.session_id = s.id and v.sender = 'visitor'
        and v.id > coalesce((select max(o.id) from messages o where o.session_id = s.id and o.sender = 'operator'), 0)) as waiting_since,
      (select count(*) from messages u where u.session_id = s.id and u.sender = 'visitor' and u.id > s.operator_last_read_id) as unread
    from chat_sessions s
    join lateral (select m.content, m.sender, m.created_at from messages m where m.session_id = s.id order by m.id desc limit 1) last on true
    where ${where}`;
}

/** Follows `merged_into` to the record a key now belongs to (a few hops at most; a loop stops). */
export function resolveKey(key: string, mergedInto: Map<string, string>): string {
  let current = key;
  for (let hop = 0; hop < 10; hop++) {
    const next = mergedInto.get(current);
    if (!next) return current;
    current = next;
  }
  return current;
}

type Group = { keys: Set<string>; sessions: SessionRow[]; leads: LeadRow[] };

function toConversation(row: SessionRow): ConversationSummaryDto {
  return {
    sessionId: row.id,
    status: row.status,
    snoozedUntil: row.status === 'snoozed' ? isoOrNull(row.snoozed_until) : null,
    lastMessage: row.last_content,
    lastMessageSender: row.last_sender,
    lastMessageAt: iso(row.last_at),
    waitingSince: row.last_sender === 'visitor' ? isoOrNull(row.waiting_since) : null,
    unreadCount: Number(row.unread),
  };
}

const earliest = (dates: (string | null)[]) => dates.filter((date): date is string => date !== null).sort()[0] ?? null;

function summarise(key: string, group: Group, record: RecordRow | undefined, mergedKeys: string[]): PersonSummaryDto {
  const leads = [...group.leads].sort((a, b) => +new Date(b.created_at) - +new Date(a.created_at));
  const sessions = [...group.sessions].sort((a, b) => +new Date(a.created_at) - +new Date(b.created_at));
  const first = [
    ...sessions.map((s) => ({ at: iso(s.created_at), page: s.start_page, locale: s.locale })),
    ...leads.map((l) => ({ at: iso(l.created_at), page: null, locale: l.locale })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const conversations = sessions.map(toConversation).sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt));
  const open = conversations.filter((c) => c.status === 'open');
  const name = leads[0]?.name ?? null;
  const firstPage = first.find((entry) => entry.page)?.page ?? null;
  const locale = leads[0]?.locale ?? sessions[0]?.locale ?? 'fr';
  const activity = [...conversations.map((c) => c.lastMessageAt), ...leads.map((l) => iso(l.created_at))].sort();
  return {
    key,
    label: personLabel({ name, locale, firstPage }),
    name,
    email: leads[0]?.email ?? sessions.find((s) => s.email)?.email ?? null,
    phone: leads.find((l) => l.phone)?.phone ?? null,
    locale,
    firstPage,
    firstSeenAt: first[0]?.at ?? new Date(0).toISOString(),
    lastActivityAt: activity.at(-1) ?? first[0]?.at ?? new Date(0).toISOString(),
    sources: [...new Set([...leads.map((l) => l.source), ...(sessions.length ? (['chat'] as const) : [])])],
    stage: record?.stage ?? 'new',
    lostReason: record?.lost_reason ?? null,
    followUpAt: isoOrNull(record?.follow_up_at),
    followUpReason: record?.follow_up_reason ?? null,
    mergedKeys,
    conversations,
    waitingSince: earliest(open.map((c) => c.waitingSince)),
    status: open.length ? 'open' : conversations.some((c) => c.status === 'snoozed') ? 'snoozed' : conversations.length ? 'resolved' : null,
  };
}

/** Everyone the console knows: leads and conversations grouped by address, then by the operators' merges. */
export async function loadPeople(): Promise<PersonSummaryDto[]> {
  const db = await getDb();
  const [sessions, leads, records] = await Promise.all([
    selectRows<SessionRow>(db, sessionsQuery()),
    selectRows<LeadRow>(db, sql`select id, source, name, lower(email) as email, phone, locale, created_at from leads`),
    selectRows<RecordRow>(db, sql`select key, stage, lost_reason, follow_up_at, follow_up_reason, merged_into from person_records`),
  ]);
  const mergedInto = new Map(records.filter((r) => r.merged_into).map((r) => [r.key, r.merged_into as string]));
  const groups = new Map<string, Group>();
  const groupOf = (rawKey: string) => {
    const key = resolveKey(rawKey, mergedInto);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { keys: new Set(), sessions: [], leads: [] }));
    group.keys.add(rawKey);
    return group;
  };
  for (const row of sessions) groupOf(row.email ? personKeyForEmail(row.email) : personKeyForSession(row.id)).sessions.push(row);
  for (const row of leads) groupOf(personKeyForEmail(row.email)).leads.push(row);
  const byKey = new Map(records.map((r) => [r.key, r]));
  return [...groups].map(([key, group]) =>
    summarise(
      key,
      group,
      byKey.get(key),
      [...group.keys].filter((other) => other !== key),
    ),
  );
}

const byWaiting = (a: PersonSummaryDto, b: PersonSummaryDto) =>
  (a.waitingSince ?? '9999').localeCompare(b.waitingSince ?? '9999') || b.lastActivityAt.localeCompare(a.lastActivityAt);
const byActivity = (a: PersonSummaryDto, b: PersonSummaryDto) => b.lastActivityAt.localeCompare(a.lastActivityAt);

/**
 * One view of the list: "open" (oldest waiting first), "snoozed", "resolved", "all" (latest
 * activity first) or "follow_up" (due before `dueBefore`, earliest first).
 */
export function filterPeople(people: PersonSummaryDto[], { view, stage, dueBefore }: { view: PeopleView; stage?: Stage; dueBefore: Date }) {
  const staged = stage ? people.filter((p) => p.stage === stage) : people;
  if (view === 'follow_up') {
    const limit = dueBefore.toISOString();
    return staged.filter((p) => p.followUpAt !== null && p.followUpAt < limit).sort((a, b) => (a.followUpAt ?? '').localeCompare(b.followUpAt ?? ''));
  }
  if (view === 'all') return [...staged].sort(byActivity);
  const matching = staged.filter((p) => p.status === view);
  return matching.sort(view === 'open' ? byWaiting : byActivity);
}
