import path from 'node:path';
import { resolveSessionSecret } from '@/lib/auth/session-secret';
import type { BackupConfig, Config } from '@/lib/config';
import { resolveVapidKeys } from '@/lib/push/vapid-keys';
import { resolveFilesKey } from '@/lib/files/key';
import { openStoredRaw } from '@/lib/files/store';
import { packBackup, type FilesTrailer, type Secrets } from './archive';
import { backupName, pruneBackups, removeAbandonedPartials, runBackupCommand, writeAtomically } from './files';
import { encryptStream, readBackupKey } from './key';
import { backupsToKeep } from './retention';
import type { BackupRun } from './runs';
import { openBackupSource } from './source';

export type BackupSettings = Pick<Config, 'database' | 'sessionSecret'> & {
  vapidKeys?: Config['push']['vapidKeys'];
  backup: BackupConfig;
  files: Pick<Config['files'], 'dir' | 'key'>;
};

/** The secrets the instance runs with (from the environment or DATA_DIR), to start a restored one the same. */
export function currentSecrets({ database, sessionSecret, vapidKeys, files }: BackupSettings): Secrets {
  return {
    sessionSecret: resolveSessionSecret({ sessionSecret, dataDir: database.dataDir }),
    vapidKeys: resolveVapidKeys({ configured: vapidKeys, dataDir: database.dataDir }),
    filesKey: resolveFilesKey({ key: files.key, dataDir: database.dataDir }).toString('base64'),
  };
}

export type BackupOutcome = {
  file: string;
  bytes: number;
  durationMs: number;
  tables: number;
  rows: number;
  /** The dossiers' stored files carried, and their bytes. */
  files: number;
  fileBytes: number;
  pruned: string[];
};

/**
 * `npm run data:backup` and the daily job: snapshot, encrypt (the stored files streamed after the
 * database, never whole in memory), write under a temporary name then
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
    const secrets = currentSecrets(settings);
    const store = { dir: settings.files.dir, key: Buffer.from(secrets.filesKey!, 'base64') };
    let carried: FilesTrailer | undefined;
    const plaintext = packBackup(
      { takenAt: snapshot.takenAt, driver: snapshot.driver, manifest: snapshot.manifest },
      { ...snapshot.parts, 'secrets.json': Buffer.from(JSON.stringify(secrets)) },
      snapshot.storageKeys.map((storageKey) => ({ storageKey, open: () => openStoredRaw(store, storageKey) })),
      (trailer) => (carried = trailer),
    );
    ({ file, bytes } = await writeAtomically(backup.dir, backupName(now()), await encryptStream(key, plaintext)));
    const pruned = pruneBackups(backup.dir, backupsToKeep);
    if (backup.command) await runBackupCommand(backup.command, file);
    const outcome = {
      file,
      bytes,
      durationMs: Date.now() - started,
      tables: snapshot.manifest.tables.length,
      rows: snapshot.manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      files: carried?.files ?? 0,
      fileBytes: carried?.bytes ?? 0,
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
