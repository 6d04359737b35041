import type { ChatMessage } from '@/lib/chat/queries';

// What happened, by name: the payload each event carries. Emitters save first, then emit; what
// follows (operator notifications, push, realtime, soon an audit record) subscribes in
// lib/subscribers.ts. Type imports only: this folder sits below every domain.

export type LeadSource = 'contact' | 'visa';

export type SecurityAction =
  | 'sign_in'
  | 'sign_in_failed'
  | 'mfa_enrolled'
  | 'mfa_used'
  | 'mfa_reset'
  | 'recovery_code_used'
  | 'recovery_codes_renewed'
  | 'passkey_added'
  | 'passkey_removed'
  | 'session_ended'
  | 'password_changed'
  | 'operator_added'
  | 'operator_disabled'
  | 'reauthenticated'
  | 'factor_locked';

/** What changed in an operator's door (told to its owner by e-mail). */
export type FactorChange = 'totp_enabled' | 'passkey_added' | 'passkey_removed' | 'recovery_codes_renewed' | 'password_changed';

export type EventMap = {
  /** A request was stored (the contact form, a visa result sent by e-mail). */
  'lead.created': {
    lead: { id: number; personId: number; name: string; email: string; phone: string | null; message: string; source: LeadSource; locale: string };
  };
  /** A chat message was committed; `visitor` is set for a visitor's message, with its session as read before saving. */
  'chat.message.saved': {
    message: ChatMessage;
    visitor: { session: { id: string; locale: string; startPage: string }; firstOfConversation: boolean } | null;
  };
  /** An operator marked a request handled, or back to handle. */
  'lead.handled': { id: number; handled: boolean };
  /** An operator erased everything held about an address: how much went and the rows' ids, never whose. */
  'subject.erased': { leads: number; conversations: number; ids: { leads: number[]; conversations: string[]; people: number[] } };
  /** A visitor deleted their own conversation. */
  'conversation.erased': { id: string };
  /** An operator changed what the console lists of a person: stage, follow-up, merge, a conversation's status. */
  'person.changed': { key: string; change: 'stage' | 'follow_up' | 'merged' | 'unmerged' | 'status' | 'details' };
  /** Operator sessions ended (logout: one; revocation and disable: every one of the account). Ids as stored. */
  'operator.sessions.ended': { sessionId: string } | { operatorId: number };
  /**
   * Something the audit trail records about an operator's door: sign-in, failed sign-in, a second
   * factor enrolled, used or reset, a session ended, the password changed, an account added or
   * disabled. Ids only: never a password, a code or a client's data.
   */
  'operator.security': {
    action: SecurityAction;
    actor: { operatorId: number | null; email: string | null; sessionId: string | null; address: string | null };
    target?: string | null;
    detail?: Record<string, string | number | boolean>;
  };
  /**
   * An operator exported people (the CSV) or a person's data: who, what (ids and counts, never a
   * client's name or address) and when; the other operators are told by e-mail.
   */
  'data.exported': {
    operatorId: number;
    operatorEmail: string;
    kind: 'people_csv' | 'person_data';
    target: string | null;
    counts: Record<string, number>;
    at: string;
  };
  /** A backup or its verification failed, or none succeeded for 26 hours (lib/backup); the detail names no person. */
  'backup.problem': { problem: 'backup_failed' | 'verify_failed' | 'backup_missing'; detail: string; at: string };
  /** A client uploaded a page to an item of their dossier (lib/dossier). Ids only. */
  'dossier.file.uploaded': { dossierId: number; itemId: number; fileId: number };
  /** The virus scan refused a client's upload: the operators are told. */
  'dossier.file.flagged': { dossierId: number; itemId: number; signature: string };
  /** An operator refused an item: the client is told in their language. */
  'dossier.item.refused': { dossierId: number; itemId: number };
  /** Every item of a dossier is validated (the first time): the client is told. */
  'dossier.completed': { dossierId: number };
  /** Repeated failed logins on one operator account, from one or many clients; `locked`: strangers now wait out the window. */
  'operator.login.suspicious': { email: string; failures: number; windowMinutes: number; locked: boolean };
  /** Wrong second-factor answers on one account reached the limit: the factor step is refused for up to `windowMinutes`. */
  'operator.factor.locked': { operatorId: number; email: string; failures: number; windowMinutes: number };
  /** An operator's factors or password changed: the owner is told, with the way to end the other sessions. */
  'operator.factors.changed': { operatorId: number; email: string; change: FactorChange; at: string; address: string | null };
};

export type EventName = keyof EventMap;
