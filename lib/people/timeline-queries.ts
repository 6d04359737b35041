import 'server-only';
import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { chatTrail, leads, messages, people, personEvents, personRecords } from '@/lib/db/schema';
import { describeVisaDetails } from '@/lib/leads/admin-queries';
import { resolvePersonKey } from './keys';
import { withLastMessages } from './last-messages';
import { loadPeopleByIds, rootId, type PersonSummaryDto } from './list-queries';
import { summarisePeople } from './summary';
import { iso } from './rows';

export type TimelineEntry =
  | { kind: 'message'; at: string; sessionId: string; sender: 'visitor' | 'operator'; text: string }
  | { kind: 'page'; at: string; sessionId: string; path: string; title: string }
  | { kind: 'request'; at: string; leadId: number; text: string; phone: string | null }
  | { kind: 'visa'; at: string; leadId: number; recommended: string | null; answers: { label: string; value: string }[] }
  | {
      kind: 'note' | 'stage' | 'follow_up' | 'merge' | 'unmerge' | 'rectify' | 'verify';
      at: string;
      id: number;
      text: string;
      stage: string | null;
      operator: string;
    };

export interface PersonDetailDto {
  person: PersonSummaryDto;
  /**
   * While the person's address is unproven: the other people who have it (the earliest first),
   * offered to merge with in one click. Their names are shown to the operator only.
   */
  sameAddress: { key: string; label: string }[];
  /** Oldest first. */
  timeline: TimelineEntry[];
}

/** At most this many messages per conversation in a timeline (the latest); the conversation view pages the rest. */
export const TIMELINE_MESSAGES = 200;
const MAX_SAME_ADDRESS = 3;

/** One person (a key of theirs, or of anyone merged into them), with their whole timeline. */
export async function getPersonDetail({ key }: { key: string }): Promise<PersonDetailDto | null> {
  const db = await getDb();
  const root = await resolvePersonKey(db, key);
  if (root === null) return null;
  const [group] = await loadPeopleByIds(db, [root]);
  if (!group) return null;
  const [person] = await withLastMessages(summarisePeople([group]));
  if (!person) return null;
  const memberIds = group.members.map((member) => member.id);
  const sessionIds = group.sessions.map((session) => session.id);
  const numbered = db
    .select({
      sessionId: messages.sessionId,
      sender: messages.sender,
      content: messages.content,
      createdAt: messages.createdAt,
      n: sql<number>`row_number() over (partition by ${messages.sessionId} order by ${messages.id} desc)`.as('n'),
    })
    .from(messages)
    .where(inArray(messages.sessionId, sessionIds.length ? sessionIds : ['']))
    .as('numbered');
  const [messageRows, pages, requests, events, sameAddress] = await Promise.all([
    db.select().from(numbered).where(lte(numbered.n, TIMELINE_MESSAGES)),
    db
      .select({ sessionId: chatTrail.sessionId, path: chatTrail.path, title: chatTrail.title, createdAt: chatTrail.createdAt })
      .from(chatTrail)
      .where(inArray(chatTrail.sessionId, sessionIds.length ? sessionIds : [''])),
    db
      .select({ id: leads.id, source: leads.source, message: leads.message, phone: leads.phone, details: leads.details, createdAt: leads.createdAt })
      .from(leads)
      .where(inArray(leads.personId, memberIds)),
    db
      .select({
        id: personEvents.id,
        kind: personEvents.kind,
        body: personEvents.body,
        stage: personEvents.stage,
        operator: personEvents.operatorEmail,
        createdAt: personEvents.createdAt,
      })
      .from(personEvents)
      .innerJoin(personRecords, eq(personRecords.key, personEvents.personKey))
      .where(inArray(personRecords.personId, memberIds)),
    person.email && !person.emailVerified ? sameAddressAs(db, { email: person.email, root }) : [],
  ]);
  const timeline: TimelineEntry[] = [
    ...messageRows.map((m) => ({ kind: 'message' as const, at: iso(m.createdAt), sessionId: m.sessionId, sender: m.sender, text: m.content })),
    ...pages.map((p) => ({ kind: 'page' as const, at: iso(p.createdAt), sessionId: p.sessionId, path: p.path, title: p.title })),
    ...requests.map((l) => {
      const visa = l.source === 'visa' ? describeVisaDetails(l.details) : null;
      return visa
        ? { kind: 'visa' as const, at: iso(l.createdAt), leadId: Number(l.id), recommended: visa.recommended, answers: visa.answers }
        : { kind: 'request' as const, at: iso(l.createdAt), leadId: Number(l.id), text: l.message, phone: l.phone };
    }),
    ...events.map((e) => ({ kind: e.kind, at: iso(e.createdAt), id: Number(e.id), text: e.body, stage: e.stage, operator: e.operator })),
  ];
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  return { person, sameAddress, timeline };
}

/** The other people (at the end of their merges) who have this address. */
async function sameAddressAs(db: Db, { email, root }: { email: string; root: number }) {
  const rows = await db
    .selectDistinct({ root: rootId })
    .from(people)
    .where(and(eq(people.email, email), ne(rootId, root)))
    .orderBy(rootId)
    .limit(MAX_SAME_ADDRESS);
  const others = summarisePeople(
    await loadPeopleByIds(
      db,
      rows.map((row) => row.root),
    ),
  );
  return others.map((other) => ({ key: other.key, label: other.label }));
}
