import 'server-only';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
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

/** How long the same operator session reading the same page of the journal counts as one reading (refreshes, back and forth). */
export const AUDIT_VIEW_WINDOW_MINUTES = 10;

/**
 * Records that a session read the journal (`audit_viewed`), once per session and filter within
 * AUDIT_VIEW_WINDOW_MINUTES: the console renders a view again when anything changes, and each
 * new request on the site would otherwise add a line.
 */
export async function recordAuditView({ actor, detail = {} }: { actor: AuditActor; detail?: AuditDetail }): Promise<void> {
  const db = await getDb();
  const sessionRef = actor.sessionId?.slice(0, SESSION_REF_LENGTH) ?? null;
  const clean = cleanDetail(detail);
  const [recent] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'audit_viewed'),
        gt(auditLog.at, sql`now() - make_interval(mins => ${AUDIT_VIEW_WINDOW_MINUTES}::int)`),
        sessionRef === null ? isNull(auditLog.sessionRef) : eq(auditLog.sessionRef, sessionRef),
        sql`${auditLog.detail} = ${JSON.stringify(clean)}::jsonb`,
      ),
    )
    .limit(1);
  if (!recent) await recordAudit({ action: 'audit_viewed', actor, detail: clean });
}
