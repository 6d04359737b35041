import 'server-only';
import { getDb } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';
import {
  isAuditAction,
  MAX_DETAIL_KEYS,
  MAX_DETAIL_TEXT,
  MAX_TARGET_LENGTH,
  SESSION_REF_LENGTH,
  type AuditAction,
  type AuditActor,
  type AuditDetail,
} from './actions';

export type AuditRecord = { action: AuditAction; actor: AuditActor; target?: string | null; detail?: AuditDetail };

function cleanDetail(detail: AuditDetail = {}): AuditDetail {
  const entries = Object.entries(detail).slice(0, MAX_DETAIL_KEYS);
  return Object.fromEntries(entries.map(([key, value]) => [key.slice(0, 40), typeof value === 'string' ? value.slice(0, MAX_DETAIL_TEXT) : value]));
}

/**
 * Appends one entry to the journal. Rejects when the row cannot be written, so that an export
 * (which records before its file leaves) fails rather than leave unrecorded; throws on an action
 * not in AUDIT_ACTIONS (a programming error).
 */
export async function recordAudit({ action, actor, target = null, detail }: AuditRecord): Promise<void> {
  if (!isAuditAction(action)) throw new TypeError(`unknown audit action ${String(action)}`);
  const db = await getDb();
  await db.insert(auditLog).values({
    action,
    operatorId: actor.operatorId,
    operatorEmail: actor.email?.toLowerCase() ?? null,
    sessionRef: actor.sessionId?.slice(0, SESSION_REF_LENGTH) ?? null,
    address: actor.address?.slice(0, 64) ?? null,
    target: target?.slice(0, MAX_TARGET_LENGTH) ?? null,
    detail: cleanDetail(detail),
  });
}
