import 'server-only';
import { config as appConfig } from '@/lib/config';
import { readVisitorEmailConfig } from './config';
import { sendEmail } from './email';
import { normalizeEvent, type DataExportEvent } from './events';
import { formatEmail } from './format-email';
import { describeError } from '@/lib/log/describe-error';
import { notifyLog } from './log';
import type { ChannelOutcome } from './notify-operator';
import { smtpEndpoint, smtpSecrets } from './smtp-url';

/**
 * Tells `to` (the other operators) that people or a person's data were exported: one e-mail, by
 * SMTP_URL alone (their addresses are their accounts', not NOTIFY_EMAIL_TO), never budgeted.
 * Never rejects: a failure is logged.
 */
export async function notifyDataExport({ exported, to }: { exported: DataExportEvent['exported']; to: string[] }): Promise<ChannelOutcome> {
  const email = readVisitorEmailConfig();
  if (!email || to.length === 0) {
    notifyLog.info(`data_export (${exported.kind}): ${email ? 'no other operator to tell' : 'no SMTP_URL, the other operators are not told'}`);
    return 'disabled';
  }
  try {
    const content = formatEmail(normalizeEvent({ kind: 'data_export', exported }), { siteUrl: appConfig.siteUrl });
    await sendEmail({ email: { ...content, to }, config: email });
    notifyLog.info(`data_export (${exported.kind}): ${to.length} other operator(s) told by e-mail`);
    return 'sent';
  } catch (error) {
    notifyLog.error(`data_export e-mail via ${smtpEndpoint(email.smtpUrl)} failed: ${describeError(error, smtpSecrets(email.smtpUrl))}`);
    return 'failed';
  }
}
