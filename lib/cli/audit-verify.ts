// `npm run audit:verify`: walks the journal's chain (lib/audit/chain.ts) and names the first entry
// changed, removed or inserted; exit code 1 when the chain is broken. Through the running server
// when it holds the embedded database, as the operator commands.
import { runCli } from './run';

void runCli('audit:verify', async () => {
  // Imported inside: an invalid variable then ends as one line naming it, not a stack trace.
  const { config } = await import('@/lib/config');
  const { closeDb, openAppDatabase } = await import('@/lib/db/client');
  const { DataDirLockedError } = await import('@/lib/db/data-dir-lock');
  const { sendControlRequest } = await import('@/lib/control/socket');
  const { chainReportText, verifyAuditChain } = await import('@/lib/audit/chain');
  const print = ({ ok, text }: { ok: boolean; text: string }) => {
    console.log(text);
    if (!ok) process.exitCode = 1;
  };
  try {
    await openAppDatabase(config.database);
  } catch (error) {
    if (config.database.databaseUrl || !(error instanceof DataDirLockedError)) throw error;
    const answer = await sendControlRequest({ dataDir: config.database.dataDir, request: { command: 'audit-verify' } });
    return print({ ok: answer.ok, text: `${answer.message} (checked by the running server)` });
  }
  try {
    print(chainReportText(await verifyAuditChain()));
  } finally {
    await closeDb();
  }
});
