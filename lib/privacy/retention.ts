import 'server-only';
import { config, type Retention } from '@/lib/config';
import { purgeExpiredAccess } from '@/lib/dossier/access';
import { deleteFilesOfDossiersClosedBefore } from '@/lib/dossier/queries';
import { getFileStore } from '@/lib/files/key';
import { deleteStored } from '@/lib/files/store';
import { purgeExpiredData } from './queries';

/** Deletes what is past its retention period; run each day by one instance (lib/scheduled-jobs.ts). */
export async function purgeNow(retention: Retention = config.retention, now: Date = new Date()) {
  const deleted = await purgeExpiredData(retention);
  // A closed dossier's documents: rows first, then the stored files (a crash between leaves only unreadable files, never a row without its file).
  const keys = await deleteFilesOfDossiersClosedBefore({ before: new Date(now.getTime() - retention.dossierDays * 86_400_000) });
  if (keys.length) await deleteStored(getFileStore(), keys);
  await purgeExpiredAccess({ now });
  if (deleted.chatSessions + deleted.leads + keys.length > 0) {
    console.info(`[retention] deleted ${deleted.chatSessions} conversation(s), ${deleted.leads} lead(s) and ${keys.length} dossier file(s)`);
  }
  return { ...deleted, dossierFiles: keys.length };
}
