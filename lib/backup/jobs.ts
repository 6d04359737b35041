import 'server-only';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { config } from '@/lib/config';
import { getDb } from '@/lib/db/client';
import { emit } from '@/lib/events';
import { claimJobDay } from '@/lib/jobs/claims';
import { HOUR_MS, mauritianMinuteOfDay, todayInMauritius } from '@/lib/time/mauritius';
import { claimUnreportedFailures, lastSuccess, recordRun } from './runs';

// The server's side of the backups: at BACKUP_TIME one instance runs `data:backup` as a child
// process (its memory and its failures stay out of the server), then `data:verify` when the last
// verified restore is a week old; and every few minutes the failures not yet reported, or no
// backup for 26 hours, reach the operators (e-mail, push: lib/subscribers.ts).

export const BACKUP_JOB = 'backup';
const MISSING_ALERT_JOB = 'backup-missing-alert';
export const STALE_AFTER_MS = 26 * HOUR_MS;
const VERIFY_EVERY_MS = 7 * 24 * HOUR_MS - 12 * HOUR_MS;
const STARTED_AT = Date.now();

/** Runs an npm data script's file with tsx, as `npm run` would; resolves with its exit code and last lines. */
function runScript(script: string): Promise<{ code: number | null; output: string }> {
  const cwd = process.cwd();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(cwd, 'node_modules/tsx/dist/cli.mjs'), '--conditions=react-server', path.join(cwd, 'lib/cli', script)], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => resolve({ code: -1, output: error.message }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? -1 : null), output }));
  });
}

const lastLines = (output: string) => output.trim().split('\n').slice(-2).join(' ');

/** From BACKUP_TIME on, once a Mauritius day across the instances. */
export async function runBackupIfDue(now = new Date()): Promise<'not_yet' | 'claimed_elsewhere' | 'done' | 'failed'> {
  if (mauritianMinuteOfDay(now) < config.backup.minute) return 'not_yet';
  if (!(await claimJobDay({ job: BACKUP_JOB, day: todayInMauritius(now) }))) return 'claimed_elsewhere';
  const started = Date.now();
  const backup = await runScript('data-backup.ts');
  if (backup.code !== 0) {
    // The script records its own failures; one killed before it could is recorded here.
    if (!backup.output.includes('data:backup:')) {
      await recordRun(await getDb(), {
        kind: 'backup',
        ok: false,
        durationMs: Date.now() - started,
        error: `the backup process ended (${backup.code}): ${lastLines(backup.output)}`,
      });
    }
    console.error(`[backup] failed: ${lastLines(backup.output)}`);
    return 'failed';
  }
  console.info(`[backup] ${lastLines(backup.output)}`);
  const verified = await lastSuccess(await getDb(), 'verify');
  if (!verified || now.getTime() - verified.getTime() >= VERIFY_EVERY_MS) {
    const verify = await runScript('data-verify.ts');
    if (verify.code === 0) console.info(`[backup] ${lastLines(verify.output)}`);
    else console.error(`[backup] verification failed: ${lastLines(verify.output)}`);
  }
  return 'done';
}

/** Tells the operators of each failure once, and of 26 hours without a backup once a day. */
export async function reportBackupProblems(now = new Date()): Promise<void> {
  const db = await getDb();
  for (const failure of await claimUnreportedFailures(db)) {
    await emit('backup.problem', {
      problem: failure.kind === 'verify' ? 'verify_failed' : 'backup_failed',
      detail: failure.error ?? '',
      at: failure.at.toISOString(),
    });
  }
  const last = (await lastSuccess(db, 'backup'))?.getTime() ?? STARTED_AT;
  if (now.getTime() - last < STALE_AFTER_MS) return;
  if (!(await claimJobDay({ job: MISSING_ALERT_JOB, day: todayInMauritius(now) }))) return;
  await emit('backup.problem', {
    problem: 'backup_missing',
    detail: last === STARTED_AT ? 'Aucune sauvegarde réussie enregistrée.' : `Dernière sauvegarde réussie : ${new Date(last).toISOString()}.`,
    at: now.toISOString(),
  });
}
