import 'server-only';
import type { ChatMessage, ChatSession } from '@/lib/chat/queries';
import { pokeUnreadJob } from './poke';
import { hasSubscriptions } from './queries';
import { describeError } from '@/lib/log/describe-error';

// What the request handlers call, after their own work is committed. Nothing here is awaited by a
// visitor's request: the claim runs in the background and the pushes leave from a bounded queue.
// The sender (and web-push) is loaded by the first push, not with the routes: a server nobody
// subscribed to never loads it on a visitor's request.

// setImmediate: the visitor's answer is written first (PGlite's queries run on this thread).
const background = (work: () => Promise<unknown>, label: string) =>
  setImmediate(() => void work().catch((error: unknown) => console.warn(`[push] ${label}: ${describeError(error)}`)));

/** A visitor's message was saved: a new conversation is pushed at once; later ones when left unread. */
export function pushVisitorMessage({
  session,
  message,
  firstOfConversation,
}: {
  session: Pick<ChatSession, 'id' | 'locale'>;
  message: ChatMessage;
  firstOfConversation: boolean;
}) {
  if (!firstOfConversation) return pokeUnreadJob();
  background(async () => {
    if (!(await hasSubscriptions())) return;
    const [{ conversationLabel }, { deliverEvent }] = await Promise.all([import('./event-queries'), import('./sender')]);
    const who = await conversationLabel({ sessionId: session.id, locale: session.locale });
    await deliverEvent({ kind: 'conversation', sessionId: session.id, messageId: message.id, who, text: message.content });
  }, 'new conversation');
}

/** A request came in (the contact form, a visa result sent by e-mail): named as the visitor typed it, opening their own person. */
export function pushNewLead(lead: { id: number; personId: number; name: string; message: string; source: 'contact' | 'visa' }) {
  background(async () => {
    if (!(await hasSubscriptions())) return;
    const { deliverEvent } = await import('./sender');
    await deliverEvent({ kind: 'lead', leadId: lead.id, personKey: String(lead.personId), source: lead.source, who: lead.name, text: lead.message });
  }, 'new request');
}

/** A backup problem (lib/backup): to every device, in the console's French. */
export function pushBackupProblem({ id, title, text }: { id: string; title: string; text: string }) {
  background(async () => {
    if (!(await hasSubscriptions())) return;
    const { deliverEvent } = await import('./sender');
    await deliverEvent({ kind: 'backup', id, title, text });
  }, 'backup problem');
}

/** A client's upload to a dossier, or one the virus scan refused: in the console's French, naming the person. */
export function pushDossierUpload(event: { dossierId: number; fileId: string; who: string; item: string; flagged: boolean }) {
  background(async () => {
    if (!(await hasSubscriptions())) return;
    const { deliverEvent } = await import('./sender');
    await deliverEvent({ kind: 'dossier', ...event });
  }, 'dossier upload');
}

/** A warning about one operator's own account (lib/auth): to that operator's devices only, in the console's French. */
export function pushSecurityAlert({ operatorId, id, title, text }: { operatorId: number; id: string; title: string; text: string }) {
  background(async () => {
    if (!(await hasSubscriptions())) return;
    const { deliverEvent } = await import('./sender');
    await deliverEvent({ kind: 'security', id, title, text }, { operatorId });
  }, 'security alert');
}
