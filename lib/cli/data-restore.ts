// `npm run data:restore -- FILE [--to postgresql://…]`: restores a backup into DATA_DIR (which must
// be empty) or into an empty PostgreSQL database (--to, else DATABASE_URL), then erases again what
// the register of erasures lists since the backup was taken.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runCli } from './run';

const USAGE = 'Usage: npm run data:restore -- FILE [--to postgresql://…]   (into DATA_DIR when neither --to nor DATABASE_URL is set)';

void runCli('data:restore', async () => {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { to: { type: 'string' } } });
  if (positionals.length !== 1) throw new Error(USAGE);
  const { config } = await import('@/lib/config');
  const { readBackupKey } = await import('@/lib/backup/key');
  const { openBackupFile } = await import('@/lib/backup/open-file');
  const { restoreBackup } = await import('@/lib/backup/restore');
  const file = path.resolve(positionals[0]!);
  const backup = await openBackupFile(file, readBackupKey(config.backup));
  const databaseUrl = values.to ?? config.database.databaseUrl;
  const outcome = await restoreBackup(backup, {
    target: { dataDir: config.database.dataDir, databaseUrl, files: { dir: config.files.dir, key: config.files.key } },
    backupDir: config.backup.dir,
  });
  console.log(
    `Restored ${path.basename(file)} (taken ${backup.header.takenAt}) into ${databaseUrl ? 'the PostgreSQL database' : config.database.dataDir}: ` +
      `${outcome.tables} tables, ${outcome.rows} rows, checksums equal; ${outcome.files} stored file(s) into ${config.files.dir}, each opened and matched with its row; ` +
      `${outcome.erasuresApplied} later erasure(s) applied again.`,
  );
  if (outcome.secretsWritten.length > 0) console.log(`Secrets restored: ${outcome.secretsWritten.join(', ')}`);
  else console.log("The session secret, VAPID keys and files key were already in DATA_DIR: kept; the backup's are in its secrets.json if needed.");
});
