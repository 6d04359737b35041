// `npm run data:verify [-- FILE]`: restores the newest backup (or FILE) into scratch databases in
// memory and compares them with what it claims to hold; the outcome is recorded for the dashboard.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runCli } from './run';

void runCli('data:verify', async () => {
  const { positionals } = parseArgs({ allowPositionals: true });
  const { config } = await import('@/lib/config');
  const { readBackupKey } = await import('@/lib/backup/key');
  const { newestBackup, openBackupFile } = await import('@/lib/backup/open-file');
  const { verifyBackup } = await import('@/lib/backup/verify');
  const { openBackupSource } = await import('@/lib/backup/source');
  const started = Date.now();
  const file = positionals[0] ? path.resolve(positionals[0]) : newestBackup(config.backup.dir);
  let outcome;
  try {
    outcome = await verifyBackup(await openBackupFile(file, readBackupKey(config.backup)));
  } catch (error) {
    await record({ ok: false, error: `${path.basename(file)}: ${(error as Error).message}` });
    throw error;
  }
  await record({ ok: true });
  console.log(
    `Verified ${file}: ${outcome.checked.join(' and ')} restore to ${outcome.tables} tables and ${outcome.rows} rows, checksums equal; ` +
      `${outcome.files} stored file(s) open with the backup's key and match their rows.`,
  );

  async function record(run: { ok: boolean; error?: string }) {
    try {
      const source = await openBackupSource(config.database);
      try {
        await source.record({ kind: 'verify', file: path.basename(file), durationMs: Date.now() - started, ...run });
      } finally {
        await source.close();
      }
    } catch (error) {
      console.error(`data:verify: the outcome could not be recorded: ${(error as Error).message}`);
    }
  }
});
