import type { OperatorCommand } from '@/lib/auth/operator-commands';

/**
 * Runs an operator command (lib/auth/operator-commands.ts) on the database, or, when a running
 * server holds the embedded database, through that server's control socket: no downtime to end a
 * stolen session. Either way its sessions and streams end at once.
 */
export async function runOperatorCommandLine(command: OperatorCommand): Promise<void> {
  const { runOperatorCommand } = await import('@/lib/auth/operator-commands');
  const { config } = await import('@/lib/config');
  const { sendControlRequest } = await import('@/lib/control/socket');
  const { closeDb, openAppDatabase } = await import('@/lib/db/client');
  const { DataDirLockedError } = await import('@/lib/db/data-dir-lock');
  // The sessions' push devices are removed, their streams told to end and the audit entry written
  // by the subscribers, as in the server.
  const { wireSubscribers } = await import('@/lib/subscribers');
  wireSubscribers();
  try {
    await openAppDatabase(config.database);
  } catch (error) {
    if (config.database.databaseUrl || !(error instanceof DataDirLockedError)) throw error;
    const answer = await sendControlRequest({ dataDir: config.database.dataDir, request: command }).catch((socketError: Error) => {
      throw new Error(`${error.message} Its control socket did not answer either (${socketError.message}).`);
    });
    if (!answer.ok) throw new Error(answer.message);
    return console.log(`${answer.message} (done by the running server)`);
  }
  try {
    console.log(await runOperatorCommand(command));
  } finally {
    await closeDb();
  }
}
