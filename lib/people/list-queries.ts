import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { personKeyForEmail, personKeyForSession, type ConversationStatus, type PeopleView, type Stage } from './stages';
import { selectRows } from './rows';

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

// Timestamps come as ISO text (ISO below), not Date: parsing and formatting tens of thousands of
// them was most of the list's time.
export type SessionRow = {
  id: string;
  locale: string;
  start_page: string;
  email: string | null;
  created_at: string;
  status: ConversationStatus;
  snoozed_until: string | null;
  last_at: string;
  waiting_since: string | null;
};
export type LeadRow = { id: number; source: 'contact' | 'visa'; name: string; email: string; phone: string | null; locale: string; created_at: string };
export type RecordRow = {
  key: string;
  stage: Stage;
  lost_reason: string | null;
  follow_up_at: string | null;
  follow_up_reason: string | null;
  merged_into: string | null;
};

/** A timestamp as `toISOString()` writes it (UTC, milliseconds), formatted by the database. */
const ISO = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Each conversation that has a message, read from chat_sessions alone (no message is read: the
 * wait is kept by saveMessage); `now()` decides whether a snooze is over.
 */
const SESSIONS_QUERY = sql`
  select s.id, s.locale, s.start_page, lower(s.visitor_email) as email, ${ISO('s.created_at')} as created_at,
    case when s.status = 'snoozed' and s.snoozed_until <= now() then 'open' else s.status end as status,
    ${ISO('s.snoozed_until')} as snoozed_until, ${ISO('s.last_message_at')} as last_at, ${ISO('s.waiting_since')} as waiting_since
  from chat_sessions s
  where s.last_message_at is not null`;

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

/**
 * A person as the list filters and sorts them (their sort keys computed once); summarisePeople
 * (lib/people/summary.ts) makes the ones shown into a PersonSummaryDto.
 */
export interface PersonGroup {
  key: string;
  /** Every key grouped here: the address or conversation keys, the ones merged into it. */
  keys: Set<string>;
  sessions: SessionRow[];
  leads: LeadRow[];
  record: RecordRow | undefined;
  stage: Stage;
  status: ConversationStatus | null;
  waitingSince: string | null;
  lastActivityAt: string;
  followUpAt: string | null;
}

/** Plain comparison: ISO timestamps sort as text, and localeCompare is far slower over thousands of people. */
export const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const EPOCH = new Date(0).toISOString();

/** The group's status, wait and latest activity, in one pass over its rows. */
function withSortKeys(group: PersonGroup): PersonGroup {
  let open = false;
  let snoozed = false;
  let waitingSince: string | null = null;
  let activity = '';
  for (const row of group.sessions) {
    if (row.status === 'open') {
      open = true;
      if (row.waiting_since && (!waitingSince || row.waiting_since < waitingSince)) waitingSince = row.waiting_since;
    } else if (row.status === 'snoozed') snoozed = true;
    if (row.last_at > activity) activity = row.last_at;
  }
  for (const row of group.leads) if (row.created_at > activity) activity = row.created_at;
  group.status = open ? 'open' : snoozed ? 'snoozed' : group.sessions.length ? 'resolved' : null;
  group.waitingSince = waitingSince;
  group.lastActivityAt = activity || EPOCH;
  group.stage = group.record?.stage ?? 'new';
  group.followUpAt = group.record?.follow_up_at ?? null;
  return group;
}

/**
 * Everyone the console knows: leads and conversations grouped by address, then by the operators'
 * merges. Read without any message, so that the whole list stays cheap: the people shown get their
 * conversations' last messages from withLastMessages.
 */
export async function loadPeople(): Promise<PersonGroup[]> {
  const db = await getDb();
  const [sessions, leads, records] = await Promise.all([
    selectRows<SessionRow>(db, SESSIONS_QUERY),
    selectRows<LeadRow>(db, sql`select id, source, name, lower(email) as email, phone, locale, ${ISO('created_at')} as created_at from leads`),
    selectRows<RecordRow>(db, sql`select key, stage, lost_reason, ${ISO('follow_up_at')} as follow_up_at, follow_up_reason, merged_into from person_records`),
  ]);
  const mergedInto = new Map(records.filter((r) => r.merged_into).map((r) => [r.key, r.merged_into as string]));
  const byKey = new Map(records.map((r) => [r.key, r]));
  const groups = new Map<string, PersonGroup>();
  const groupOf = (rawKey: string) => {
    const key = resolveKey(rawKey, mergedInto);
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        keys: new Set(),
        sessions: [],
        leads: [],
        record: byKey.get(key),
        stage: 'new',
        status: null,
        waitingSince: null,
        lastActivityAt: EPOCH,
        followUpAt: null,
      };
      groups.set(key, group);
    }
    group.keys.add(rawKey);
    return group;
  };
  for (const row of sessions) groupOf(row.email ? personKeyForEmail(row.email) : personKeyForSession(row.id)).sessions.push(row);
  for (const row of leads) groupOf(personKeyForEmail(row.email)).leads.push(row);
  return [...groups.values()].map(withSortKeys);
}

type Sortable = Pick<PersonGroup, 'stage' | 'status' | 'waitingSince' | 'lastActivityAt' | 'followUpAt'>;

const byWaiting = (a: Sortable, b: Sortable) => compare(a.waitingSince ?? '9999', b.waitingSince ?? '9999') || compare(b.lastActivityAt, a.lastActivityAt);
const byActivity = (a: Sortable, b: Sortable) => compare(b.lastActivityAt, a.lastActivityAt);

/**
 * One view of the list: "open" (oldest waiting first), "snoozed", "resolved", "all" (latest
 * activity first) or "follow_up" (due before `dueBefore`, earliest first).
 */
export function filterPeople<T extends Sortable>(people: T[], { view, stage, dueBefore }: { view: PeopleView; stage?: Stage; dueBefore: Date }): T[] {
  const staged = stage ? people.filter((p) => p.stage === stage) : people;
  if (view === 'follow_up') {
    const limit = dueBefore.toISOString();
    return staged.filter((p) => p.followUpAt !== null && p.followUpAt < limit).sort((a, b) => compare(a.followUpAt ?? '', b.followUpAt ?? ''));
  }
  if (view === 'all') return [...staged].sort(byActivity);
  const matching = staged.filter((p) => p.status === view);
  return matching.sort(view === 'open' ? byWaiting : byActivity);
}
