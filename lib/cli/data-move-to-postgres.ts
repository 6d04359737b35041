// `npm run data:move-to-postgres -- --to postgresql://…`: copies the embedded database (DATA_DIR,
// server stopped) into an empty PostgreSQL database, checks it, and prints the settings the
// instances start with.
import { parseArgs } from 'node:util';
import { runCli } from './run';

void runCli('data:move-to-postgres', async () => {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to))
    throw new Error('Usage: npm run data:move-to-postgres -- --to postgresql://user:password@host:5432/database');
  const { config } = await import('@/lib/config');
  const { moveToPostgres } = await import('@/lib/backup/move');
  const outcome = await moveToPostgres(
    { database: config.database, sessionSecret: config.sessionSecret, vapidKeys: config.push.vapidKeys, backup: config.backup, files: config.files },
    values.to,
  );
  console.log(`Copied ${outcome.tables} tables and ${outcome.rows} rows from ${config.database.dataDir} to PostgreSQL; counts and checksums equal.`);
  console.log('Start every instance with these settings (keep them secret: they sign operator sessions and push messages):\n');
  console.log(outcome.settings.join('\n'));
});
