import 'server-only';
import { emit } from '@/lib/events';
import type { LeadInput } from './schema';
import { linkChatSessionToEmail, saveLead, type Lead } from './queries';

interface SubmitLeadInput {
  input: LeadInput;
  source: 'contact' | 'visa';
  details?: Record<string, unknown>;
  /** The visitor's chat session, once the caller has checked the browser owns it. */
  chatSessionId?: string | null;
}

/**
 * Stores the lead first (committed before the visitor is told it was sent), then links the
 * visitor's chat, then announces it without waiting.
 */
export async function submitLead({ input, source, details, chatSessionId }: SubmitLeadInput): Promise<Lead> {
  const lead = await saveLead({
    source,
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    message: input.message,
    locale: input.locale,
    details: details ?? null,
    consentAt: new Date(),
    // The visitor's chat: the request is that visitor's (lib/identity/people.ts).
    chatSessionId,
  });
  if (chatSessionId) await linkChatSessionToEmail({ sessionId: chatSessionId, email: lead.email });
  announceLead(lead);
  return lead;
}

/** `lead.created` for a stored lead (notifications, push and the console subscribe); never throws, never waits. */
export function announceLead(lead: Lead) {
  const { id, personId, name, email, phone, message, locale } = lead;
  void emit('lead.created', { lead: { id, personId, name, email, phone, message, source: lead.source, locale } });
}
