import type { ConversationSummaryDto, PersonGroup, PersonSummaryDto, SessionRow } from './list-queries';
import { compare, EPOCH } from './list-queries';
import { personLabel } from './label';

/** The conversation as the list reads it; its last message and unread count are added by withLastMessages (lib/people/last-messages.ts). */
function toConversation(row: SessionRow): ConversationSummaryDto {
  return {
    sessionId: row.id,
    status: row.status,
    snoozedUntil: row.status === 'snoozed' ? row.snoozed_until : null,
    lastMessage: '',
    lastMessageSender: row.waiting_since ? 'visitor' : 'operator',
    lastMessageAt: row.last_at,
    waitingSince: row.waiting_since,
    unreadCount: 0,
  };
}

function summarise(group: PersonGroup): PersonSummaryDto {
  const { key, record } = group;
  // Newest request first, oldest conversation first.
  const leads = group.leads.length > 1 ? [...group.leads].sort((a, b) => compare(b.created_at, a.created_at)) : group.leads;
  const sessions = group.sessions.length > 1 ? [...group.sessions].sort((a, b) => compare(a.created_at, b.created_at)) : group.sessions;
  const conversations = sessions.map(toConversation).sort((a, b) => compare(b.lastMessageAt, a.lastMessageAt));
  const self = group.members.find((member) => member.id === group.root);
  // An operator's correction first, then what this person typed (never another person's rows), the
  // person merged into first: a client keeps their name when someone's request is merged in.
  const name = self?.name ?? leads.find((lead) => lead.person === group.root)?.name ?? leads[0]?.name ?? null;
  const firstPage = sessions.find((s) => s.start_page)?.start_page ?? null;
  const locale = leads[0]?.locale ?? sessions[0]?.locale ?? 'fr';
  const firstSeenAt = [sessions[0]?.created_at, leads.at(-1)?.created_at].filter((at): at is string => Boolean(at)).sort()[0] ?? EPOCH;
  const email = self?.email ?? leads[0]?.email ?? sessions.find((s) => s.email)?.email ?? null;
  const others = group.members.filter((member) => member.id !== group.root);
  return {
    key,
    label: personLabel({ name, locale, firstPage }),
    name,
    email,
    emailVerified: Boolean(email && group.members.some((member) => member.emailVerified && member.email === email)),
    phone: self?.phone ?? leads.find((l) => l.phone)?.phone ?? null,
    locale,
    firstPage,
    firstSeenAt,
    lastActivityAt: group.lastActivityAt === EPOCH ? firstSeenAt : group.lastActivityAt,
    sources: [...new Set([...leads.map((l) => l.source), ...(sessions.length ? (['chat'] as const) : [])])],
    stage: group.stage,
    lostReason: record?.lost_reason ?? null,
    followUpAt: group.followUpAt,
    followUpReason: record?.follow_up_reason ?? null,
    mergedKeys: others.map((member) => String(member.id)),
    merged: others.map((member) => ({ key: String(member.id), label: member.name ?? member.email ?? `#${member.id}` })),
    conversations,
    waitingSince: group.waitingSince,
    status: group.status,
  };
}

/** The people shown, whole: label, contact details, sources and conversations (without their last messages). */
export function summarisePeople(groups: PersonGroup[]): PersonSummaryDto[] {
  return groups.map(summarise);
}
