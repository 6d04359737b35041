import 'server-only';
import { config } from '@/lib/config';
import { purgeAuditLog } from './queries';

/** PostgreSQL's `permission denied` (Drizzle wraps the driver's error in `cause`). */
const INSUFFICIENT_PRIVILEGE = '42501';
const codeOf = (error: unknown) => (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;

/** Deletes the journal's entries older than AUDIT_RETENTION_DAYS; run each day by one instance (lib/scheduled-jobs.ts) and by `npm run data:purge`. */
export async function purgeAuditNow(days: number = config.auditRetentionDays): Promise<number> {
  let deleted: number;
  try {
    deleted = await purgeAuditLog({ days });
  } catch (error) {
    if (codeOf(error) !== INSUFFICIENT_PRIVILEGE) throw error;
    // The journal was handed to a role of its own (lib/audit/journal-owner.sql): that role purges it.
    console.warn(`[audit] the journal belongs to another database role: run its purge as that role (lib/audit/README.md)`);
    return 0;
  }
  if (deleted > 0) console.info(`[audit] deleted ${deleted} journal entr${deleted === 1 ? 'y' : 'ies'} older than ${days} days`);
  return deleted;
}
