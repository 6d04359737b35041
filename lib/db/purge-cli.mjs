// `npm run data:purge`: applies the retention periods now (the server also does it daily).
import { openDatabase, readDatabaseConfig } from './connect.mjs';
import { purgeExpiredData, readRetention } from './purge.mjs';

const retention = readRetention(process.env);
try {
  const handle = await openDatabase(readDatabaseConfig(process.env));
  try {
    const deleted = await purgeExpiredData(handle, retention);
    console.log(
      `Deleted ${deleted.chatSessions} chat conversation(s) idle for more than ${retention.chatDays} days, ` +
        `${deleted.leads} lead(s) older than ${retention.leadDays} days and ${deleted.operatorSessions} expired operator session(s).`,
    );
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(`data:purge failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
