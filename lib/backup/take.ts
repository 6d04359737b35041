import path from 'node:path';
import { resolveSessionSecret } from '@/lib/auth/session-secret';
import type { BackupConfig, Config } from '@/lib/config';
import { resolveVapidKeys } from '@/lib/push/vapid-keys';
import { packBackup, type Secrets } from './archive';
import { backupName, pruneBackups, removeAbandonedPartials, runBackupCommand, writeAtomically } from './files';
import { encryptWith, readBackupKey } from './key';
import { backupsToKeep } from './retention';
import type { BackupRun } from './runs';
import { openBackupSource } from './source';

export type BackupSettings = Pick<Config, 'database' | 'sessionSecret'> & { vapidKeys?: Config['push']['vapidKeys']; backup: BackupConfig };

/** The secrets the instance runs with (from the environment or DATA_DIR), to start a restored one the same. */
export function currentSecrets({ database, sessionSecret, vapidKeys }: BackupSettings): Secrets {
  return {
    sessionSecret: resolveSessionSecret({ sessionSecret, dataDir: database.dataDir }),
    vapidKeys: resolveVapidKeys({ configured: vapidKeys, dataDir: database.dataDir }),
  };
}

export type BackupOutcome = { file: string; bytes: number; durationMs: number; tables: number; rows: number; pruned: string[] };

/**
 * `npm run data:backup` and the daily job: snapshot, encrypt, write under a temporary name then
 * rename, keep 7 daily / 4 weekly / 6 monthly, run BACKUP_COMMAND; the outcome is recorded either way.
 */
export async function takeBackup(settings: BackupSettings, { now = () => new Date() }: { now?: () => Date } = {}): Promise<BackupOutcome> {
  const { backup } = settings;
  const started = Date.now();
  const key = readBackupKey(backup);
  const source = await openBackupSource(settings.database);
  const finish = async (run: Omit<BackupRun, 'kind' | 'durationMs'>) => {
    await source
      .record({ kind: 'backup', durationMs: Date.now() - started, ...run })
      .catch((error: Error) => console.error(`[backup] the outcome could not be recorded: ${error.message}`));
  };
  let file: string | undefined;
  let bytes: number | undefined;
  try {
    removeAbandonedPartials(backup.dir);
    const snapshot = await source.snapshot();
    const plaintext = packBackup(
      { takenAt: snapshot.takenAt, driver: snapshot.driver, manifest: snapshot.manifest },
      { ...snapshot.parts, 'secrets.json': Buffer.from(JSON.stringify(currentSecrets(settings))) },
    );
    const ciphertext = await encryptWith(key, plaintext);
    file = writeAtomically(backup.dir, backupName(now()), ciphertext);
    bytes = ciphertext.length;
    const pruned = pruneBackups(backup.dir, backupsToKeep);
    if (backup.command) await runBackupCommand(backup.command, file);
    const outcome = {
      file,
      bytes,
      durationMs: Date.now() - started,
      tables: snapshot.manifest.tables.length,
      rows: snapshot.manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      pruned,
    };
    await finish({ ok: true, file: path.basename(file), bytes });
    return outcome;
  } catch (error) {
    await finish({ ok: false, file: file ? path.basename(file) : null, bytes: bytes ?? null, error: (error as Error).message });
    throw error;
  } finally {
    await source.close();
  }
}
