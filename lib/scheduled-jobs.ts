import 'server-only';
import { purgeRateLimits, PURGE_EVERY_MS } from '@/lib/api/rate-limit-store';
import { purgeAuditNow } from '@/lib/audit/retention';
import { reportBackupProblems, runBackupIfDue } from '@/lib/backup/jobs';
import { hasBackupKey } from '@/lib/backup/key';
import { sendDueReplies } from '@/lib/chat/reply-mail';
import { config } from '@/lib/config';
import { registerJob, startJobs } from '@/lib/jobs';
import { getNotifyConfig, readVisitorEmailConfig } from '@/lib/notify';
import { remindRenewals } from '@/lib/dossier/renewals';
import { sweepPartials } from '@/lib/files/store';
import { runDigestIfDue } from '@/lib/people/digest';
import { purgeNow } from '@/lib/privacy/retention';
import { pushDueFollowUps, pushUnreadMessages } from '@/lib/push/jobs';
import { PUSH_UNREAD_JOB } from '@/lib/push/poke';
import { DAY_MS, HOUR_MS } from '@/lib/time/mauritius';

// Every background job of the server, in one place; started once per process by lib/startup.ts
// (instrumentation.ts), after the database is open. The work of each lives in its domain.

/** A quarter of a delay, within 1–30 s: what is due is picked up soon after, two indexed queries when nothing is. */
const quarterOf = (delayMs: number) => Math.min(30_000, Math.max(1_000, delayMs / 4));

function registerScheduledJobs() {
  registerJob({
    name: 'retention-purge',
    everyMs: DAY_MS,
    firstAfterMs: 10_000,
    claim: 'daily',
    run: () => purgeNow(),
  });
  registerJob({
    name: 'audit-purge',
    everyMs: DAY_MS,
    firstAfterMs: 20_000,
    claim: 'daily',
    run: () => purgeAuditNow(),
  });
  registerJob({
    name: 'chat-reply-mails',
    everyMs: quarterOf(config.chatEmailDelayMs),
    // Off without SMTP: nothing could be sent.
    enabled: () => readVisitorEmailConfig() !== null,
    run: () => sendDueReplies({ delayMs: config.chatEmailDelayMs }),
  });
  registerJob({
    name: 'rate-limit-purge',
    everyMs: PURGE_EVERY_MS,
    // PGlite keeps the limits in memory; PostgreSQL's rows are purged by every instance (idempotent deletes).
    enabled: () => Boolean(config.database.databaseUrl),
    run: () => purgeRateLimits(),
  });
  registerJob({
    name: 'operator-digest',
    // Every instance checks each minute; the digest claims its day itself, once it is due and has a mailbox.
    everyMs: 60_000,
    firstAfterMs: 15_000,
    run: async () => {
      const { email, siteUrl } = getNotifyConfig();
      const outcome = await runDigestIfDue({ at: config.digestMinute, email, siteUrl });
      if (outcome === 'sent' || outcome === 'empty') console.info(`[digest] ${outcome === 'sent' ? 'sent' : 'nothing to send today'}`);
    },
  });
  registerJob({
    name: 'backup',
    // Checks each minute; from BACKUP_TIME on, one instance claims the day and runs it (lib/backup/jobs.ts).
    everyMs: 60_000,
    firstAfterMs: 20_000,
    enabled: () => hasBackupKey(config.backup),
    run: () => runBackupIfDue(),
  });
  registerJob({
    name: 'backup-alerts',
    everyMs: 5 * 60_000,
    firstAfterMs: 30_000,
    enabled: () => hasBackupKey(config.backup),
    run: () => reportBackupProblems(),
  });
  registerJob({
    name: 'dossier-renewals',
    everyMs: DAY_MS,
    firstAfterMs: 40_000,
    // Off without SMTP: the reminder is a mail to the client (the operators see renewals in the digest and follow-ups).
    enabled: () => readVisitorEmailConfig() !== null,
    run: () => remindRenewals(),
  });
  registerJob({
    name: 'files-partial-sweep',
    // Every instance: removing a dead process's temporary file is idempotent, and each sees the shared FILES_DIR.
    everyMs: HOUR_MS,
    firstAfterMs: 50_000,
    run: async () => {
      const removed = await sweepPartials({ dir: config.files.dir }, { olderThanMs: HOUR_MS });
      if (removed > 0) console.info(`[files] removed ${removed} temporary file(s) left by an interrupted upload`);
    },
  });
  registerJob({ name: PUSH_UNREAD_JOB, everyMs: quarterOf(config.push.unreadDelayMs), run: () => pushUnreadMessages() });
  registerJob({ name: 'push-follow-ups', everyMs: quarterOf(config.push.unreadDelayMs), run: () => pushDueFollowUps() });
}

/** Registers and starts the jobs; calling it again (the database back after an outage) starts nothing twice. */
export function startScheduledJobs(): void {
  registerScheduledJobs();
  startJobs();
}
