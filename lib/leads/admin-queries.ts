import 'server-only';
import { count, desc, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { chatSessions, leads as leadsTable } from '@/lib/db/schema';
import { messagesFor } from '@/lib/i18n/messages';
import { DEFAULT_LOCALE } from '@/lib/i18n/routing';
import { getPermitNames, getVisaOptionLabels } from '@/lib/visa';
import { getLead, listLeads, markLeadHandled, type Lead } from './queries';

/** A lead as the console sees it: dates as ISO strings, plus the conversations of the same e-mail. */
export interface LeadDto {
  id: number;
  source: 'contact' | 'visa';
  name: string;
  email: string;
  phone: string | null;
  message: string;
  locale: string;
  details: unknown;
  /** The visa finder's answers and recommendation in French; null for other leads. */
  visa: VisaLeadSummary | null;
  consentAt: string;
  createdAt: string;
  handledAt: string | null;
  linkedSessionIds: string[];
}

export { rowIdSchema as leadIdSchema } from '@/lib/api/row-id';

export const subjectEmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** `donnees-<email>.json`, with anything a header's quoted string could trip on replaced. */
export function exportFileName(email: string): string {
  return `donnees-${email.replace(/[^A-Za-z0-9@._+-]/g, '_')}.json`;
}

export interface VisaLeadSummary {
  answers: { label: string; value: string }[];
  recommended: string | null;
  alternatives: string[];
}

const visaDetailsSchema = z.object({
  answers: z.record(z.string(), z.unknown()).optional(),
  recommended: z.string().optional(),
  alternatives: z.array(z.string()).optional(),
});

// The console speaks French only (spec).
const options = getVisaOptionLabels({ locale: DEFAULT_LOCALE });
const questions = messagesFor(DEFAULT_LOCALE).AdminConsole.leads.visaQuestions;
const ANSWERS: Record<string, { label: string; values: Record<string, string> }> = {
  nationality: { label: questions.nationality, values: options.nationalities },
  duration: { label: questions.duration, values: options.durations },
  work_status: { label: questions.work_status, values: options.workStatuses },
  work_context: { label: questions.work_context, values: options.workContexts },
  family: { label: questions.family, values: options.familyAnswers },
  // The target date of a relocation plan (lib/plan), sent with the plan's answers.
  arrival: { label: messagesFor(DEFAULT_LOCALE).VisaPlan.arrivalLabel, values: {} },
};

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const FRENCH_DATE = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** A plan's calendar date as the console's French reads it ("2027-03-01" → "1 mars 2027"); anything else as given. */
const asDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? FRENCH_DATE.format(new Date(`${text}T00:00:00Z`)) : text;

/**
 * The visa finder's `details` (answers by question, permit ids) in the console's French; any
 * unknown answer or id is shown as stored. Null when `details` has another shape.
 */
export function describeVisaDetails(details: unknown): VisaLeadSummary | null {
  const parsed = visaDetailsSchema.safeParse(details);
  if (!parsed.success) return null;
  const { answers = {}, recommended, alternatives = [] } = parsed.data;
  const permits: Record<string, string> = getPermitNames({ locale: DEFAULT_LOCALE });
  // jsonb keeps its own key order: the answers are put back in the form's order.
  const order = Object.keys(ANSWERS);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return {
    answers: Object.entries(answers)
      .filter(([, value]) => value !== null && value !== undefined && value !== '')
      .map(([key, value]) => [key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), value] as const)
      .sort(([a], [b]) => rank(a) - rank(b))
      .map(([key, value]) => {
        const question = ANSWERS[key];
        const text = asText(value);
        return { label: question?.label ?? key, value: question?.values[text] ?? (key === 'arrival' ? asDay(text) : text) };
      }),
    recommended: recommended ? (permits[recommended] ?? recommended) : null,
    alternatives: alternatives.map((id) => permits[id] ?? id),
  };
}

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

function toLeadDto(lead: Lead, linkedSessionIds: string[]): LeadDto {
  return {
    id: lead.id,
    source: lead.source,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    message: lead.message,
    locale: lead.locale,
    details: lead.details ?? null,
    visa: lead.source === 'visa' ? describeVisaDetails(lead.details) : null,
    consentAt: iso(lead.consentAt) ?? '',
    createdAt: iso(lead.createdAt) ?? '',
    handledAt: iso(lead.handledAt),
    linkedSessionIds,
  };
}

/** Chat sessions by visitor e-mail, newest first: the conversations a lead is linked to. */
export async function listSessionIdsByEmail({ emails }: { emails: string[] }): Promise<Map<string, string[]>> {
  const byEmail = new Map<string, string[]>();
  const unique = [...new Set(emails)];
  if (unique.length === 0) return byEmail;
  const db = await getDb();
  const rows = await db
    .select({ id: chatSessions.id, email: chatSessions.visitorEmail })
    .from(chatSessions)
    .where(inArray(chatSessions.visitorEmail, unique))
    .orderBy(desc(chatSessions.createdAt));
  for (const row of rows) {
    if (!row.email) continue;
    byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row.id]);
  }
  return byEmail;
}

async function withLinks(leads: Lead[]): Promise<LeadDto[]> {
  const links = await listSessionIdsByEmail({ emails: leads.map((lead) => lead.email) });
  return leads.map((lead) => toLeadDto(lead, links.get(lead.email) ?? []));
}

export async function listLeadDtos(): Promise<{ leads: LeadDto[]; unhandled: number }> {
  const { leads, unhandled } = await listLeads();
  return { leads: await withLinks(leads), unhandled };
}

export async function getLeadDto({ id }: { id: number }): Promise<LeadDto | null> {
  const lead = await getLead({ id });
  return lead ? ((await withLinks([lead]))[0] ?? null) : null;
}

/** The requests nobody has marked handled yet: the console's badge. */
export async function countUnhandledLeads(): Promise<number> {
  const db = await getDb();
  const [open] = await db.select({ value: count() }).from(leadsTable).where(isNull(leadsTable.handledAt));
  return Number(open?.value ?? 0);
}

/** The updated lead and the new unhandled count, so the console's badge follows at once. */
export async function setLeadHandled({ id, handled }: { id: number; handled: boolean }) {
  const lead = await markLeadHandled({ id, handled });
  if (!lead) return null;
  const [dto] = await withLinks([lead]);
  return dto ? { lead: dto, unhandled: await countUnhandledLeads() } : null;
}
