/**
 * What the journal records, by stable name (stored in audit_log.action, used in the page's filter
 * and its French labels, messages/console/fr.json AdminConsole.audit.actions). Add at the end;
 * never rename one: old entries keep the name they were written with.
 */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'mfa_enrolled',
  'mfa_used',
  'mfa_reset',
  'recovery_code_used',
  'passkey_added',
  'passkey_removed',
  'session_ended',
  'password_changed',
  'operator_added',
  'operator_disabled',
  'people_csv_exported',
  'person_data_exported',
  'person_erased',
  'person_corrected',
  'records_merged',
  'records_unmerged',
  'stage_changed',
  'canned_reply_saved',
  'canned_reply_deleted',
  'audit_viewed',
  'audit_exported',
  'recovery_codes_renewed',
  'dossier_opened',
  'dossier_file_viewed',
  'dossier_file_downloaded',
  'dossier_archive_downloaded',
  'dossier_item_reviewed',
  'dossier_changed',
  'dossier_link_sent',
  'dossier_sessions_ended',
  'dossier_email_corrected',
  'reauthenticated',
  'factor_locked',
  'access_refused',
  'operator_role_changed',
  'operator_invitation_renewed',
  'operator_invitation_used',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (value: unknown): value is AuditAction => (AUDIT_ACTIONS as readonly unknown[]).includes(value);

/** Who acted: null where unknown (a failed sign-in has no operator, a command-line action no address or session). */
export type AuditActor = { operatorId: number | null; email: string | null; sessionId: string | null; address: string | null };
/** An actor signed in: the operator is known. */
export type OperatorActor = AuditActor & { operatorId: number; email: string };

/** Ids and counts only: never a client's name, address, phone or words. */
export type AuditDetail = Record<string, string | number | boolean>;

/** How much of the stored session id (a SHA-256, operator_sessions.id) an entry keeps: enough to tell sessions apart. */
export const SESSION_REF_LENGTH = 16;
export const MAX_TARGET_LENGTH = 200;
export const MAX_DETAIL_KEYS = 12;
export const MAX_DETAIL_TEXT = 80;

/** A target naming people by id: `person:12` or `person:12,14`. */
export const peopleTarget = (ids: readonly (number | string)[]) => `person:${[...new Set(ids.map(String))].sort((a, b) => Number(a) - Number(b)).join(',')}`;
