import 'server-only';
import { and, count, desc, eq, gte, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';
import { addDays } from '@/lib/time/calendar';
import { atMauritianTime } from '@/lib/time/mauritius';
import type { AuditAction, AuditDetail } from './actions';
import { AUDIT_CSV_MAX_ROWS, AUDIT_PAGE_SIZE, type AuditFilter } from './filter';

export type AuditEntry = {
  id: number;
  at: Date;
  action: AuditAction;
  operatorId: number | null;
  operatorEmail: string | null;
  sessionRef: string | null;
  address: string | null;
  target: string | null;
  detail: AuditDetail;
};

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  action: auditLog.action,
  operatorId: auditLog.operatorId,
  operatorEmail: auditLog.operatorEmail,
  sessionRef: auditLog.sessionRef,
  address: auditLog.address,
  target: auditLog.target,
  detail: auditLog.detail,
};

// PGlite returns BIGINT as number, pg as string.
const toEntry = (row: Omit<typeof auditLog.$inferSelect, 'seq' | 'prevDigest' | 'digest'>): AuditEntry => ({
  ...row,
  id: Number(row.id),
  operatorId: row.operatorId === null ? null : Number(row.operatorId),
  action: row.action as AuditAction,
});

/** `person:12` also finds the entries naming several people, `person:9,12`. */
function targetMatch(target: string): SQL | undefined {
  const one = /^([a-z_]+):(\d+)$/.exec(target);
  if (!one) return eq(auditLog.target, target);
  return or(eq(auditLog.target, target), sql`${auditLog.target} ~ ${`^${one[1]}:([0-9]+,)*${one[2]}(,|$)`}`);
}

/** The filter as SQL: days are Mauritian, `to` included. */
function whereOf(filter: Omit<AuditFilter, 'page'>): SQL | undefined {
  const from = filter.from ? atMauritianTime(filter.from, 0) : null;
  const until = filter.to ? atMauritianTime(addDays(filter.to, 1), 0) : null;
  return and(
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.operator ? eq(auditLog.operatorEmail, filter.operator) : undefined,
    filter.target ? targetMatch(filter.target) : undefined,
    from ? gte(auditLog.at, from) : undefined,
    until ? lt(auditLog.at, until) : undefined,
  );
}

/** One page of the journal, newest first, and how many entries the filter matches. */
export async function listAuditEntries(filter: AuditFilter): Promise<{ entries: AuditEntry[]; total: number; pageSize: number }> {
  const db = await getDb();
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((filter.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows.map(toEntry), total: Number(total?.n ?? 0), pageSize: AUDIT_PAGE_SIZE };
}

/** Every entry the filter matches for the CSV, newest first, at most AUDIT_CSV_MAX_ROWS. */
export async function listAuditEntriesForExport(filter: Omit<AuditFilter, 'page'>): Promise<AuditEntry[]> {
  const db = await getDb();
  const rows = await db.select(columns).from(auditLog).where(whereOf(filter)).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(AUDIT_CSV_MAX_ROWS);
  return rows.map(toEntry);
}

/** The operators' e-mails the journal names, for the page's filter. */
export async function listAuditOperators(): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ email: auditLog.operatorEmail })
    .from(auditLog)
    .where(isNotNull(auditLog.operatorEmail))
    .orderBy(auditLog.operatorEmail)
    .limit(200);
  return rows.map((row) => row.email!).filter(Boolean);
}

const DAY_MS = 86_400_000;

/**
 * Deletes the entries older than `days`: the only delete of the journal, done by the database's
 * `audit_log_purge` (migration roles_audit_chain), the one the table's trigger lets through. The
 * chain is cut at its start only (an entry written late with an older date waits for those before
 * it), and the last entry deleted becomes the anchor checking starts from (lib/audit/chain.ts).
 */
export async function purgeAuditLog({ days, now = new Date() }: { days: number; now?: Date }): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  // Raw SQL: a call of the database's own function.
  const result = (await db.execute(sql`select audit_log_purge(${cutoff.toISOString()}::timestamptz)::text as deleted`)) as unknown as {
    rows: { deleted: string }[];
  };
  return Number(result.rows[0]?.deleted ?? 0);
}
