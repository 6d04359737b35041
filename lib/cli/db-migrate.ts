// `npm run db:migrate`: applies the pending migrations of lib/db/migrations, as the server's
// start-up does. Runs the server's own TypeScript modules through tsx.
import { runCli } from './run';

void runCli('db:migrate', async () => {
  // Imported inside: an invalid variable then ends as one line naming it, not a stack trace.
  const { config } = await import('@/lib/config');
  const { closeDb, openAppDatabase } = await import('@/lib/db/client');
  const { describeDatabase } = await import('@/lib/db/connect');
  const target = describeDatabase(config.database);
  const { applied } = await openAppDatabase(config.database);
  await closeDb();
  console.log(applied.length > 0 ? `${target}: applied ${applied.join(', ')}.` : `${target}: the schema is up to date.`);
});
