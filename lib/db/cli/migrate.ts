// `npm run db:migrate`: applies the pending migrations of lib/db/migrations, as the server's
// start-up does. Runs the server's own TypeScript modules through tsx.
import { config } from '@/lib/config';
import { closeDb, openAppDatabase } from '@/lib/db/client';
import { describeDatabase } from '@/lib/db/connect';
import { runCli } from './run';

void runCli('db:migrate', async () => {
  const target = describeDatabase(config.database);
  const { applied } = await openAppDatabase(config.database);
  await closeDb();
  console.log(applied.length > 0 ? `${target}: applied ${applied.join(', ')}.` : `${target}: the schema is up to date.`);
});
