// `npm run data:purge`: applies the retention periods now (the server also does it daily).
import { runCli } from './run';

void runCli('data:purge', async () => {
  // Imported inside: an invalid variable then ends as one line naming it, not a stack trace.
  const { config } = await import('@/lib/config');
  const { closeDb, openAppDatabase } = await import('@/lib/db/client');
  const { purgeExpiredData } = await import('@/lib/privacy/queries');
  const { purgeAuditNow } = await import('@/lib/audit/retention');
  const { chatDays, leadDays } = config.retention;
  await openAppDatabase(config.database);
  try {
    const deleted = await purgeExpiredData(config.retention);
    console.log(
      `Deleted ${deleted.chatSessions} chat conversation(s) idle for more than ${chatDays} days, ` +
        `${deleted.leads} lead(s) older than ${leadDays} days and ${deleted.operatorSessions} expired operator session(s).`,
    );
    const journal = await purgeAuditNow(config.auditRetentionDays);
    console.log(`Deleted ${journal} journal entr${journal === 1 ? 'y' : 'ies'} older than ${config.auditRetentionDays} days.`);
  } finally {
    await closeDb();
  }
});
