import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { config } from '@/lib/config';
import { getDb } from '@/lib/db/client';
import { backupRuns } from '@/lib/db/schema';
import { hasBackupKey } from './key';
import { lastSuccess } from './runs';

/** What the console's dashboard says of the backups (ISO times, null when never). */
export type BackupStatusDto = { configured: boolean; lastBackupAt: string | null; lastVerifiedAt: string | null; lastFailureAt: string | null };

export async function getBackupStatus(): Promise<BackupStatusDto> {
  const db = await getDb();
  const [backup, verified, [latest]] = await Promise.all([
    lastSuccess(db, 'backup'),
    lastSuccess(db, 'verify'),
    db
      .select({ ok: backupRuns.ok, at: backupRuns.at })
      .from(backupRuns)
      .where(and(eq(backupRuns.kind, 'backup')))
      .orderBy(desc(backupRuns.at))
      .limit(1),
  ]);
  return {
    configured: hasBackupKey(config.backup),
    lastBackupAt: backup?.toISOString() ?? null,
    lastVerifiedAt: verified?.toISOString() ?? null,
    lastFailureAt: latest && !latest.ok ? latest.at.toISOString() : null,
  };
}
