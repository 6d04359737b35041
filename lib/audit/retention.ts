import 'server-only';
import { config } from '@/lib/config';
import { purgeAuditLog } from './queries';

/** Deletes the journal's entries older than AUDIT_RETENTION_DAYS; run each day by one instance (lib/scheduled-jobs.ts) and by `npm run data:purge`. */
export async function purgeAuditNow(days: number = config.auditRetentionDays): Promise<number> {
  const deleted = await purgeAuditLog({ days });
  if (deleted > 0) console.info(`[audit] deleted ${deleted} journal entr${deleted === 1 ? 'y' : 'ies'} older than ${days} days`);
  return deleted;
}
