// `npm run db:migrate`: applies the pending migrations of lib/db/migrations, as getDb() does at
// start-up. Plain JavaScript so that it runs under plain node.
import { openDatabase, readDatabaseConfig } from './connect.mjs';

const config = readDatabaseConfig(process.env);
// Never print DATABASE_URL: it may carry a password.
const target = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;

try {
  const handle = await openDatabase(config);
  await handle.close();
  const applied = handle.appliedMigrations;
  console.log(
    applied.length > 0
      ? `${target}: applied ${applied.join(', ')}.`
      : `${target}: the schema is up to date.`,
  );
} catch (error) {
  console.error(`db:migrate failed on ${target}: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
