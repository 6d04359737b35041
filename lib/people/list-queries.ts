import 'server-only';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, max, min, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { chatSessions, leads, people, personRecords } from '@/lib/db/schema';
import type { ConversationStatus, PeopleView, Stage } from './stages';

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
  /** The person's id, as text (the URL key). */
  key: string;
  label: string;
  name: string | null;
  email: string | null;
  /** False while nobody proved the address (the link e-mailed to it was never opened). */
  emailVerified: boolean;
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
  /** The people merged into this one, at any depth (each merge can be undone). */
  mergedKeys: string[];
  merged: { key: string; label: string }[];
  conversations: ConversationSummaryDto[];
  /** The oldest unanswered visitor message among its open conversations. */
  waitingSince: string | null;
  status: ConversationStatus | null;
}

// Timestamps come as ISO text, formatted by the database: parsing and formatting thousands of
// them was most of the list's time.
export type SessionRow = {
  root: number;
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
export type LeadRow = {
  root: number;
  person: number;
  id: number;
  source: 'contact' | 'visa';
  name: string;
  email: string;
  phone: string | null;
  locale: string;
  created_at: string;
};
export type RecordRow = { stage: Stage; lost_reason: string | null; follow_up_at: string | null; follow_up_reason: string | null };
export type PersonRow = { id: number; root: number; email: string | null; emailVerified: boolean; name: string | null; phone: string | null };

/** A timestamp as `toISOString()` writes it (UTC, milliseconds). */
const isoText = (column: AnyColumn | SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The person at the end of a row's person's merges. */
export const rootId = sql<number>`coalesce(${people.rootId}, ${people.id})`.mapWith(Number);
/** `now()` decides whether a snooze is over. */
const sessionStatus = sql<ConversationStatus>`case when ${chatSessions.status} = 'snoozed' and ${chatSessions.snoozedUntil} <= now() then 'open' else ${chatSessions.status} end`;

/**
 * A person as the list shows them, with their rows: `key` is the person at the end of the merges,
 * `members` every person merged into it and itself.
 */
export interface PersonGroup {
  key: string;
  root: number;
  members: PersonRow[];
  sessions: SessionRow[];
  leads: LeadRow[];
  record: RecordRow | undefined;
  stage: Stage;
  status: ConversationStatus | null;
  waitingSince: string | null;
  lastActivityAt: string;
  followUpAt: string | null;
}

/** Plain comparison: ISO timestamps sort as text. */
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
 * These people (ids at the end of their merges), each with the rows of everyone merged into
 * them: conversations that have a message, requests, the console record. Read without any
 * message: withLastMessages adds the last ones.
 */
export async function loadPeopleByIds(db: Pick<Db, 'select'>, roots: number[]): Promise<PersonGroup[]> {
  if (roots.length === 0) return [];
  const members = (
    await db
      .select({ id: people.id, root: rootId, email: people.email, emailVerified: people.emailVerified, name: people.name, phone: people.phone })
      .from(people)
      .where(or(inArray(people.id, roots), inArray(people.rootId, roots)))
      .orderBy(asc(people.id))
  ).map((member) => ({ ...member, id: Number(member.id) }));
  // Each row is read by its own person's id (an index each), then given to the person at the end of the merges.
  const memberIds = members.map((member) => member.id);
  const rootOfMember = new Map(members.map((member) => [member.id, member.root]));
  const [sessions, requests, records] = await Promise.all([
    db
      .select({
        person: chatSessions.personId,
        id: chatSessions.id,
        locale: chatSessions.locale,
        start_page: chatSessions.startPage,
        email: sql<string | null>`lower(${chatSessions.visitorEmail})`,
        created_at: isoText(chatSessions.createdAt),
        status: sessionStatus,
        snoozed_until: sql<string | null>`${isoText(chatSessions.snoozedUntil)}`,
        last_at: isoText(chatSessions.lastMessageAt),
        waiting_since: sql<string | null>`${isoText(chatSessions.waitingSince)}`,
      })
      .from(chatSessions)
      .where(and(inArray(chatSessions.personId, memberIds), isNotNull(chatSessions.lastMessageAt))),
    db
      .select({
        person: leads.personId,
        id: leads.id,
        source: leads.source,
        name: leads.name,
        email: leads.email,
        phone: leads.phone,
        locale: leads.locale,
        created_at: isoText(leads.createdAt),
      })
      .from(leads)
      .where(inArray(leads.personId, memberIds)),
    db
      .select({
        root: personRecords.personId,
        stage: personRecords.stage,
        lost_reason: personRecords.lostReason,
        follow_up_at: sql<string | null>`${isoText(personRecords.followUpAt)}`,
        follow_up_reason: personRecords.followUpReason,
      })
      .from(personRecords)
      .where(inArray(personRecords.personId, roots)),
  ]);
  const groups = new Map<number, PersonGroup>(
    roots.map((root) => [
      root,
      {
        key: String(root),
        root,
        members: [],
        sessions: [],
        leads: [],
        record: undefined,
        stage: 'new',
        status: null,
        waitingSince: null,
        lastActivityAt: EPOCH,
        followUpAt: null,
      },
    ]),
  );
  const groupOf = (person: number) => groups.get(rootOfMember.get(Number(person)) ?? Number(person));
  for (const member of members) groups.get(member.root)?.members.push(member);
  for (const { person, ...row } of sessions) groupOf(person)?.sessions.push({ ...row, root: rootOfMember.get(Number(person)) ?? Number(person) });
  for (const row of requests)
    groupOf(row.person)?.leads.push({
      ...row,
      root: rootOfMember.get(Number(row.person)) ?? Number(row.person),
      person: Number(row.person),
      id: Number(row.id),
    });
  for (const { root, ...record } of records) {
    const group = groups.get(Number(root));
    if (group) group.record = record;
  }
  return roots.flatMap((root) => {
    const group = groups.get(root);
    return group && (group.sessions.length || group.leads.length) ? [withSortKeys(group)] : [];
  });
}

/**
 * One row per person (at the end of their merges) who has a conversation with a message or a
 * request, with what the views filter and sort on, computed by the database.
 */
function personSortKeys(db: Pick<Db, 'select'>) {
  const conversations = db
    .select({
      root: rootId.as('conversation_root'),
      open: sql<boolean>`bool_or(${sessionStatus} = 'open')`.as('any_open'),
      snoozed: sql<boolean>`bool_or(${sessionStatus} = 'snoozed')`.as('any_snoozed'),
      waitingSince: sql<Date | null>`min(case when ${sessionStatus} = 'open' then ${chatSessions.waitingSince} end)`.as('waiting_since'),
      lastAt: max(chatSessions.lastMessageAt).as('conversation_last_at'),
    })
    .from(chatSessions)
    .innerJoin(people, eq(people.id, chatSessions.personId))
    .where(isNotNull(chatSessions.lastMessageAt))
    .groupBy(rootId)
    .as('conversations');
  const requests = db
    .select({
      root: rootId.as('request_root'),
      lastAt: max(leads.createdAt).as('request_last_at'),
      // The oldest request nobody has marked handled: the person waits for the agency since then.
      unhandledSince: sql<Date | null>`min(case when ${leads.handledAt} is null then ${leads.createdAt} end)`.as('unhandled_since'),
    })
    .from(leads)
    .innerJoin(people, eq(people.id, leads.personId))
    .groupBy(rootId)
    .as('requests');
  const status = sql<ConversationStatus | null>`case when ${conversations.open} then 'open' when ${conversations.snoozed} then 'snoozed' when ${conversations.root} is not null then 'resolved' end`;
  const activity = sql<Date>`greatest(${conversations.lastAt}, ${requests.lastAt})`;
  const stage = sql<Stage>`coalesce(${personRecords.stage}, 'new')`;
  return { conversations, requests, status, activity, stage };
}

/**
 * One view of the list: "open" (oldest waiting first), "snoozed", "resolved", "all" (latest
 * activity first) or "follow_up" (due before `dueBefore`, earliest first); the first `limit`
 * people's ids and how many there are.
 */
export async function listPeopleIds({
  view,
  stage,
  dueBefore,
  limit,
  waitingOnly = false,
}: {
  view: PeopleView;
  stage?: Stage;
  dueBefore: Date;
  limit?: number;
  /** Only people with a visitor message not answered yet (the digest's). */
  waitingOnly?: boolean;
}): Promise<{ ids: number[]; total: number }> {
  const db = await getDb();
  const keys = personSortKeys(db);
  const { conversations, requests } = keys;
  // "open" is everyone waiting for the agency: a conversation open, or a request not handled yet
  // (the contact form or a visa result alone, which the requests' badge counts "à traiter").
  const waiting = sql`least(${conversations.waitingSince}, ${requests.unhandledSince})`;
  const viewFilter =
    view === 'follow_up'
      ? lt(personRecords.followUpAt, dueBefore)
      : view === 'all'
        ? undefined
        : view === 'open'
          ? sql`(${keys.status} = 'open' or ${requests.unhandledSince} is not null)`
          : sql`${keys.status} = ${view}`;
  const order =
    view === 'follow_up'
      ? [asc(personRecords.followUpAt)]
      : view === 'open'
        ? [sql`${waiting} asc nulls last`, sql`${keys.activity} desc`]
        : [sql`${keys.activity} desc`];
  const query = db
    .select({ id: people.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(people)
    .leftJoin(conversations, eq(conversations.root, people.id))
    .leftJoin(requests, eq(requests.root, people.id))
    .leftJoin(personRecords, eq(personRecords.personId, people.id))
    .where(
      and(
        isNull(people.rootId),
        or(isNotNull(conversations.root), isNotNull(requests.root)),
        viewFilter,
        stage ? sql`${keys.stage} = ${stage}` : undefined,
        waitingOnly ? isNotNull(conversations.waitingSince) : undefined,
      ),
    )
    .orderBy(...order, desc(people.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return { ids: rows.map((row) => Number(row.id)), total: rows[0]?.total ?? 0 };
}

/** When the next snooze ends (the list changes then), over every conversation. */
export async function nextSnoozeEnd(): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ at: min(chatSessions.snoozedUntil) })
    .from(chatSessions)
    .where(and(eq(chatSessions.status, 'snoozed'), gt(chatSessions.snoozedUntil, sql`now()`), isNotNull(chatSessions.lastMessageAt)));
  return row?.at ? new Date(row.at).toISOString() : null;
}
