import 'server-only';
import { answerAuditVerify, isAuditVerifyRequest } from '@/lib/audit/chain';
import { answerControlRequest } from '@/lib/auth/operator-commands';
import { hasOperator } from '@/lib/auth/queries';
import { startBackupControl } from '@/lib/backup/server';
import { PrivateFileError } from '@/lib/auth/private-file';
import { getSessionSecret } from '@/lib/auth/session-secret';
import { ensureFirstOperator } from '@/lib/auth/operators';
import { config, type Config, type DatabaseConfig } from '@/lib/config';
import { startControlSocket } from '@/lib/control/socket';
import { openAppDatabase } from '@/lib/db/client';
import { describeDatabase } from '@/lib/db/connect';
import { DataDirLockedError } from '@/lib/db/data-dir-lock';
import { getVapidKeys } from '@/lib/push/vapid-keys';
import { startScheduledJobs } from '@/lib/scheduled-jobs';
import { wireSubscribers } from '@/lib/subscribers';
import { describeError } from '@/lib/log/describe-error';

// Everything the server does once, before its first request; run by instrumentation.ts through
// lib/server-start.ts.

export const CREATE_OPERATOR_HINT =
  'No operator account yet: nobody can log in to /admin. Create one with ' +
  '"npm run operator:add -- --email you@example.com", or set OPERATOR_EMAIL and OPERATOR_PASSWORD and restart.';

const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 15_000;

/** A reason to stop the process rather than serve. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/**
 * Opens the database (taking the data-folder lock), applies the migrations and creates the first
 * operator from OPERATOR_EMAIL / OPERATOR_PASSWORD; logs how to create one when none exists.
 */
export async function prepareDatabase({
  database = config.database,
  operator = config.operator,
}: { database?: DatabaseConfig; operator?: Config['operator'] } = {}) {
  const { applied } = await openAppDatabase(database);
  if (applied.length > 0) console.info(`Database migrations applied: ${applied.join(', ')}`);
  let outcome: Awaited<ReturnType<typeof ensureFirstOperator>> | 'failed' = 'failed';
  try {
    outcome = await ensureFirstOperator(operator);
    if (outcome === 'created') console.info('First operator created from OPERATOR_EMAIL.');
  } catch (error) {
    console.error(`OPERATOR_EMAIL/OPERATOR_PASSWORD ignored: ${describeError(error)}`);
  }
  if (outcome !== 'created' && !(await hasOperator())) console.warn(CREATE_OPERATOR_HINT);
  return { applied, operator: outcome };
}

/**
 * The whole start-up. PGlite that cannot be opened (DATA_DIR held by another live process, an
 * unreadable folder) throws StartupError: the process must stop. PostgreSQL that does not answer
 * is retried in the background while pages are served and chat and leads answer 503.
 */
export async function startServer(): Promise<void> {
  // Before anything can emit: a request served while PostgreSQL is retried still notifies.
  wireSubscribers();
  if (config.operatorIncomplete) console.warn('OPERATOR_EMAIL and OPERATOR_PASSWORD are needed together: the first operator is not created.');
  try {
    // Read (or created) now: a secret file others can read stops the start, not the first login
    // (or the first push).
    getSessionSecret();
    getVapidKeys();
  } catch (error) {
    if (error instanceof PrivateFileError) throw new StartupError(error.message);
    throw error;
  }
  if (config.database.databaseUrl && !config.push.vapidKeys) {
    console.warn(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: this instance uses its own key pair (DATA_DIR/vapid-keys.json). Instances sharing DATABASE_URL must share one pair, or a device subscribed through one of them gets no push from the others.',
    );
  }
  const database = config.database;
  try {
    await prepareDatabase({ database });
  } catch (error) {
    const message = describeError(error);
    if (!database.databaseUrl || error instanceof DataDirLockedError) {
      throw new StartupError(`Cannot open the database, ${describeDatabase(database)}: ${message}`);
    }
    console.error(`${describeDatabase(database)} is not available (${message}): pages are served, chat and leads answer 503 until it answers.`);
    retryInBackground(database, RETRY_MIN_MS);
    return;
  }
  // The command-line scripts reach an embedded database this process holds through its socket.
  if (!database.databaseUrl) {
    startControlSocket({
      dataDir: database.dataDir,
      handle: (request) => (isAuditVerifyRequest(request) ? answerAuditVerify() : answerControlRequest(request)),
    });
  }
  if (!database.databaseUrl) await startBackupControl(database.dataDir);
  startScheduledJobs();
}

function retryInBackground(database: DatabaseConfig, delayMs: number) {
  setTimeout(() => {
    prepareDatabase({ database }).then(
      () => {
        console.info(`${describeDatabase(database)} is available again.`);
        startScheduledJobs();
      },
      (error: unknown) => {
        console.error(`${describeDatabase(database)} still not available: ${describeError(error)}`);
        retryInBackground(database, Math.min(delayMs * 2, RETRY_MAX_MS));
      },
    );
  }, delayMs).unref();
}
