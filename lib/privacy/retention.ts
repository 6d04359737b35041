import 'server-only';
import { config, type Retention } from '@/lib/config';
import { purgeExpiredData } from './queries';

/** Deletes what is past its retention period; run each day by one instance (lib/scheduled-jobs.ts). */
export async function purgeNow(retention: Retention = config.retention) {
  const deleted = await purgeExpiredData(retention);
  if (deleted.chatSessions + deleted.leads > 0) {
    console.info(`[retention] deleted ${deleted.chatSessions} conversation(s) and ${deleted.leads} lead(s)`);
  }
  return deleted;
}
