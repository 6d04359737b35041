import { VIEW_HREF, conversationHref, dossierHref, personHref } from '@/lib/console-app/views';

/**
 * What the service worker (scope /admin/) receives, as UTF-8 JSON: it shows `title` and `body`,
 * uses `tag` so that one event is one notification, and opens `url` when it is clicked.
 */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** The events that reach the operators' devices; `who` is how the console names the person. */
export type PushEvent =
  | { kind: 'conversation'; sessionId: string; messageId: number; who: string; text: string }
  | { kind: 'unread'; sessionId: string; lastMessageId: number; count: number; who: string; text: string }
  | { kind: 'lead'; leadId: number; personKey: string; source: 'contact' | 'visa'; who: string; text: string }
  | { kind: 'follow_up'; personKey: string; dueAt: string; who: string; reason: string }
  | { kind: 'test'; id: string }
  | { kind: 'backup'; id: string; title: string; text: string }
  /** A client uploaded a document to their dossier (lib/dossier), or one the virus scan refused (`flagged`). */
  | { kind: 'dossier'; dossierId: number; fileId: string; who: string; item: string; flagged: boolean }
  /** Something about the operator's own door (the second factor suspended after wrong codes): to that operator's devices only. */
  | { kind: 'security'; id: string; title: string; text: string };

export type PushEventKind = PushEvent['kind'];

const PREVIEW_LENGTH = 120;

/** One line of visitor text, cut to fit a notification. */
function preview(text: string): string {
  const line = text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  const chars = [...line];
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH - 1).join('')}…` : line;
}

export const conversationUrl = conversationHref;
export const personUrl = personHref;

/** The event's identity: one push per event and device (claimed under it), and the notification's tag. */
export function eventKey(event: PushEvent): string {
  switch (event.kind) {
    case 'conversation':
      return `conversation:${event.sessionId}`;
    case 'unread':
      return `unread:${event.sessionId}:${event.lastMessageId}`;
    case 'lead':
      return `lead:${event.leadId}`;
    case 'follow_up':
      return `follow-up:${event.personKey}:${event.dueAt}`;
    case 'test':
      return `test:${event.id}`;
    case 'backup':
      return `backup:${event.id}`;
    case 'dossier':
      return `dossier:${event.dossierId}:${event.fileId}`;
    case 'security':
      return `security:${event.id}`;
  }
}

/**
 * The notification in the console's French: who and what in a line. With `hideText` (the
 * operator's lock-screen setting) the body names the person and the kind of event, never what
 * the visitor or an operator wrote.
 */
export function formatPush(event: PushEvent, { hideText }: { hideText: boolean }): PushPayload {
  const tag = eventKey(event);
  switch (event.kind) {
    case 'conversation':
      return {
        title: 'Nouvelle conversation',
        body: hideText ? `Nouveau message de ${event.who}` : `${event.who} : « ${preview(event.text)} »`,
        url: conversationUrl(event.sessionId),
        tag,
      };
    case 'unread':
      return {
        title: event.count > 1 ? `${event.count} messages non lus` : 'Message non lu',
        body: hideText ? `Nouveau message de ${event.who}` : `${event.who} : « ${preview(event.text)} »`,
        url: conversationUrl(event.sessionId),
        tag,
      };
    case 'lead':
      return {
        title: event.source === 'visa' ? 'Nouvelle demande (visa)' : 'Nouvelle demande',
        body: hideText ? `Nouvelle demande de ${event.who}` : `${event.who} : « ${preview(event.text)} »`,
        url: personUrl(event.personKey),
        tag,
      };
    case 'follow_up':
      return {
        title: 'Relance à faire',
        body: hideText || !event.reason ? `Relance prévue : ${event.who}` : `${event.who} : ${preview(event.reason)}`,
        url: personUrl(event.personKey),
        tag,
      };
    case 'test':
      return { title: 'Notification de test', body: 'Les notifications arrivent sur cet appareil.', url: VIEW_HREF.conversations, tag };
    case 'backup':
      return { title: event.title, body: preview(event.text), url: VIEW_HREF.dashboard, tag };
    case 'dossier':
      return {
        title: event.flagged ? 'Document refusé par l’antivirus' : 'Nouveau document',
        body: hideText ? `Dossier de ${event.who}` : `${event.who} : ${preview(event.item)}`,
        url: dossierHref(event.dossierId),
        tag,
      };
    case 'security':
      return { title: event.title, body: preview(event.text), url: VIEW_HREF.security, tag };
  }
}
