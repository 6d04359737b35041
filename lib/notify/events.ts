export type ChatMessageEvent = {
  kind: 'chat_message';
  session: { id: string; locale: string; startPage: string };
  message: { id: number; content: string; createdAt: Date | string };
  firstOfConversation: boolean;
};

export type LeadEvent = {
  kind: 'lead';
  lead: {
    id: number | string;
    name: string;
    email: string;
    phone?: string | null;
    message: string;
    source: string;
    locale?: string;
  };
};

/** Repeated failed logins on one operator e-mail, from one or many clients. */
export type LoginAlertEvent = {
  kind: 'login_alert';
  alert: { email: string; failures: number; windowMinutes: number; locked?: boolean };
};

/** Wrong second-factor answers on one account reached the limit: the factor step is suspended. */
export type FactorAlertEvent = {
  kind: 'factor_alert';
  alert: { email: string; failures: number; windowMinutes: number };
};

/** An operator's factors or password changed: told to that operator, with the way to end the other sessions. */
export type FactorChangedEvent = {
  kind: 'factor_changed';
  changed: {
    email: string;
    change: 'totp_enabled' | 'passkey_added' | 'passkey_removed' | 'recovery_codes_renewed' | 'password_changed';
    at: string;
    address: string | null;
  };
};

/** Notifications held back past the hourly budget, sent once the hour ends. */
export type DigestEvent = {
  kind: 'digest';
  digest: { suppressed: number; byKind: Record<string, number>; windowMinutes: number };
};

/** An operator exported people or a person's data: told to the other operators (ids and counts only). */
export type DataExportEvent = {
  kind: 'data_export';
  exported: { operatorEmail: string; kind: 'people_csv' | 'person_data'; target: string | null; counts: Record<string, number>; at: string };
};

/** A backup or its verification failed, or none was taken for too long (lib/backup); the detail holds no personal data. */
export type BackupAlertEvent = {
  kind: 'backup_alert';
  alert: { problem: 'backup_failed' | 'verify_failed' | 'backup_missing'; detail: string; at: string };
};

/** The virus scan refused a client's upload to a dossier: ids and the signature's name, no personal data. */
export type DossierFlaggedEvent = {
  kind: 'dossier_flagged';
  alert: { dossierId: number; signature: string; at: string };
};

export type NotifyEvent =
  | ChatMessageEvent
  | LeadEvent
  | LoginAlertEvent
  | DigestEvent
  | DataExportEvent
  | BackupAlertEvent
  | DossierFlaggedEvent
  | FactorAlertEvent
  | FactorChangedEvent;
export type NotifyEventKind = NotifyEvent['kind'];

function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * Keeps only the documented fields: callers may pass whole rows (a ChatSession carries read
 * markers and the visitor's e-mail), and the webhook must not leak them.
 */
export function normalizeEvent(event: NotifyEvent): NotifyEvent {
  if (event.kind === 'login_alert') return { kind: 'login_alert', alert: { ...event.alert } };
  if (event.kind === 'factor_alert')
    return { kind: 'factor_alert', alert: { email: event.alert.email, failures: event.alert.failures, windowMinutes: event.alert.windowMinutes } };
  if (event.kind === 'factor_changed') {
    const { email, change, at, address } = event.changed;
    return { kind: 'factor_changed', changed: { email, change, at, address } };
  }
  if (event.kind === 'backup_alert') return { kind: 'backup_alert', alert: { problem: event.alert.problem, detail: event.alert.detail, at: event.alert.at } };
  if (event.kind === 'dossier_flagged') {
    return { kind: 'dossier_flagged', alert: { dossierId: event.alert.dossierId, signature: event.alert.signature, at: event.alert.at } };
  }
  if (event.kind === 'digest') return { kind: 'digest', digest: { ...event.digest, byKind: { ...event.digest.byKind } } };
  if (event.kind === 'data_export') {
    const { operatorEmail, kind, target, counts, at } = event.exported;
    return { kind: 'data_export', exported: { operatorEmail, kind, target, counts: { ...counts }, at } };
  }
  if (event.kind === 'chat_message') {
    const { session, message } = event;
    return {
      kind: 'chat_message',
      session: { id: session.id, locale: session.locale, startPage: session.startPage },
      message: { id: message.id, content: message.content, createdAt: toIso(message.createdAt) },
      firstOfConversation: event.firstOfConversation,
    };
  }
  const { id, name, email, phone, message, source, locale } = event.lead;
  return {
    kind: 'lead',
    lead: { id, name, email, phone: phone ?? null, message, source, ...(locale ? { locale } : {}) },
  };
}

/** A log label with public identifiers only, never user text. */
export function describeEvent(event: NotifyEvent): string {
  if (event.kind === 'chat_message') return `chat_message ${event.session.id} #${event.message.id}`;
  if (event.kind === 'login_alert') return `login_alert (${event.alert.failures} failures)`;
  if (event.kind === 'factor_alert') return `factor_alert (${event.alert.failures} wrong codes)`;
  if (event.kind === 'factor_changed') return `factor_changed (${event.changed.change})`;
  if (event.kind === 'backup_alert') return `backup_alert (${event.alert.problem})`;
  if (event.kind === 'dossier_flagged') return `dossier_flagged (dossier ${event.alert.dossierId})`;
  if (event.kind === 'digest') return `digest (${event.digest.suppressed} held back)`;
  if (event.kind === 'data_export') return `data_export (${event.exported.kind})`;
  return `lead #${event.lead.id} (${event.lead.source})`;
}
