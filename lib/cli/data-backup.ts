// `npm run data:backup`: one encrypted backup into BACKUP_DIR, while the server runs or not
// (lib/backup/README.md). The last line of the output is the outcome as JSON, for the daily job.
import { runCli } from './run';

void runCli('data:backup', async () => {
  const { config } = await import('@/lib/config');
  const { takeBackup } = await import('@/lib/backup/take');
  const outcome = await takeBackup({
    database: config.database,
    sessionSecret: config.sessionSecret,
    vapidKeys: config.push.vapidKeys,
    backup: config.backup,
    files: config.files,
  });
  const mb = (outcome.bytes / 1e6).toFixed(1);
  console.log(
    `Backup written: ${outcome.file} (${mb} MB, ${outcome.tables} tables, ${outcome.rows} rows, ` +
      `${outcome.files} stored file(s) of ${(outcome.fileBytes / 1e6).toFixed(1)} MB, ${(outcome.durationMs / 1000).toFixed(1)} s).`,
  );
  if (outcome.pruned.length > 0) console.log(`Removed by the 7 daily / 4 weekly / 6 monthly rule: ${outcome.pruned.join(', ')}`);
  console.log(JSON.stringify({ file: outcome.file, bytes: outcome.bytes, durationMs: outcome.durationMs }));
});
