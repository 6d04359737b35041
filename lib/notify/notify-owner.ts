import 'server-only';
import { config as appConfig } from '@/lib/config';
import { getNotifyConfig, readVisitorEmailConfig } from './config';
import { sendEmail } from './email';
import { describeEvent, normalizeEvent, type FactorAlertEvent, type FactorChangedEvent } from './events';
import { formatEmail } from './format-email';
import { describeError } from '@/lib/log/describe-error';
import { notifyLog } from './log';
import { notifyOperator, type ChannelOutcome } from './notify-operator';
import { smtpEndpoint, smtpSecrets } from './smtp-url';

/**
 * Tells an operator about their own account (`owner`), by SMTP_URL alone: their address is their
 * account's, not NOTIFY_EMAIL_TO. With `agency`, the agency's channels get it too (NOTIFY_EMAIL_TO
 * and the webhook, the owner in the same mail). Never budgeted, never rejects: a failure is logged.
 */
export async function notifyAccountOwner(
  event: FactorAlertEvent | FactorChangedEvent,
  { owner, agency = false }: { owner: string; agency?: boolean },
): Promise<ChannelOutcome> {
  if (agency && getNotifyConfig().email) return (await notifyOperator(event, { to: [owner] })).email;
  const email = readVisitorEmailConfig();
  const label = describeEvent(event);
  if (!email) {
    notifyLog.info(`${label}: no SMTP_URL, the operator is not told by e-mail`);
    if (agency) await notifyOperator(event);
    return 'disabled';
  }
  try {
    if (agency) void notifyOperator(event);
    const content = formatEmail(normalizeEvent(event), { siteUrl: appConfig.siteUrl });
    await sendEmail({ email: { ...content, to: [owner] }, config: email });
    notifyLog.info(`${label}: the operator told by e-mail`);
    return 'sent';
  } catch (error) {
    notifyLog.error(`${label} e-mail via ${smtpEndpoint(email.smtpUrl)} failed: ${describeError(error, smtpSecrets(email.smtpUrl))}`);
    return 'failed';
  }
}
