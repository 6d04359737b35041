// `npm run data:purge`: applies the retention periods now (the server also does it daily).
import { config } from '@/lib/config';
import { closeDb, openAppDatabase } from '@/lib/db/client';
import { purgeExpiredData } from '@/lib/privacy/queries';
import { runCli } from './run';

void runCli('data:purge', async () => {
  const { chatDays, leadDays } = config.retention;
  await openAppDatabase(config.database);
  try {
    const deleted = await purgeExpiredData(config.retention);
    console.log(
      `Deleted ${deleted.chatSessions} chat conversation(s) idle for more than ${chatDays} days, ` +
        `${deleted.leads} lead(s) older than ${leadDays} days and ${deleted.operatorSessions} expired operator session(s).`,
    );
  } finally {
    await closeDb();
  }
});
