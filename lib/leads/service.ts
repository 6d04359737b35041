import 'server-only';
import { verifySessionToken } from '@/lib/chat/queries';
import { notifyOperator } from '@/lib/notify';
import { pushNewLead } from '@/lib/push/notify';
import type { LeadInput } from './schema';
import { linkChatSessionToEmail, saveLead, type Lead } from './queries';

interface SubmitLeadInput {
  input: LeadInput;
  source: 'contact' | 'visa';
  details?: Record<string, unknown>;
}

/**
 * Stores the lead first (committed before the visitor is told it was sent), as the request of the
 * visitor's chat if the browser proves it owns one, then notifies without waiting.
 */
export async function submitLead({ input, source, details }: SubmitLeadInput): Promise<Lead> {
  const chat = input.chatSession ? await verifySessionToken(input.chatSession).catch(() => null) : null;
  const lead = await saveLead({
    source,
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    message: input.message,
    locale: input.locale,
    details: details ?? null,
    consentAt: new Date(),
    chatSessionId: chat?.id,
  });
  if (chat) await linkChatSessionToEmail({ sessionId: chat.id, email: lead.email });
  void notifyOperator({
    kind: 'lead',
    lead: { id: lead.id, name: lead.name, email: lead.email, phone: lead.phone, message: lead.message, source, locale: lead.locale },
  });
  pushNewLead({ id: lead.id, personId: lead.personId, name: lead.name, message: lead.message, source });
  return lead;
}
