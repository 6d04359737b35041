import 'server-only';
import { isEmailAddress } from '@/lib/email-address';
import { getNotifyConfig, type NotifyConfig } from './config';
import { sendEmail } from './email';
import { createNotifyBudget } from './budget';
import { describeEvent, normalizeEvent, type NotifyEvent } from './events';
import { config as appConfig } from '@/lib/config';
import { createWindowedLog } from '@/lib/api/windowed-log';
import { formatEmail } from './format-email';
import { describeError } from '@/lib/log/describe-error';
import { notifyLog } from './log';
import { smtpEndpoint, smtpSecrets } from './smtp-url';
import { postWebhook, webhookOrigin } from './webhook';

export type ChannelOutcome = 'sent' | 'failed' | 'disabled';
export type NotifyResult = { email: ChannelOutcome; webhook: ChannelOutcome };
/** `to`: addresses that receive this e-mail besides NOTIFY_EMAIL_TO (an operator told about their own account). */
export type NotifyOptions = { config?: NotifyConfig; now?: Date; to?: string[] };

async function attempt(run: () => Promise<void>, describeFailure: (error: unknown) => string): Promise<ChannelOutcome> {
  try {
    await run();
    return 'sent';
  } catch (error) {
    notifyLog.error(describeFailure(error));
    return 'failed';
  }
}

function emailChannel(event: NotifyEvent, config: NotifyConfig, label: string): Promise<ChannelOutcome> {
  const email = config.email;
  if (!email) return Promise.resolve('disabled');
  const replyTo = event.kind === 'lead' && isEmailAddress(event.lead.email) ? event.lead.email : undefined;
  return attempt(
    () => {
      const content = formatEmail(event, { siteUrl: config.siteUrl });
      return sendEmail({ email: { ...content, ...(replyTo ? { replyTo } : {}) }, config: email });
    },
    (error) => `e-mail for ${label} via ${smtpEndpoint(email.smtpUrl)} failed: ${describeError(error, smtpSecrets(email.smtpUrl))}`,
  );
}

function webhookChannel(event: NotifyEvent, config: NotifyConfig, label: string, now: Date): Promise<ChannelOutcome> {
  const webhook = config.webhook;
  if (!webhook) return Promise.resolve('disabled');
  return attempt(
    () => postWebhook({ event, config: webhook, sentAt: now }),
    (error) => `webhook for ${label} to ${webhookOrigin(webhook.url)} failed: ${describeError(error, [webhook.secret])}`,
  );
}

function logOutcome(label: string, result: NotifyResult): void {
  const sent = (['email', 'webhook'] as const).filter((channel) => result[channel] === 'sent');
  if (result.email === 'disabled' && result.webhook === 'disabled') {
    notifyLog.info(`${label}: no notification channel configured (SMTP_URL + NOTIFY_EMAIL_TO, NOTIFY_WEBHOOK_URL)`);
  } else if (sent.length > 0) {
    notifyLog.info(`${label}: operator notified by ${sent.join(' and ')}`);
  }
}

const budget = createNotifyBudget({ perWindow: appConfig.notifyHourlyBudget, sendDigest: (digest) => void notifyOperator(digest) });
// A flood past the budget writes one line per kind and hour, then one with the count.
const overBudgetLog = createWindowedLog({ windowMs: 60 * 60_000, write: notifyLog.info });

/**
 * Sends the event on every configured channel in parallel. Never rejects: a failure is logged
 * on one line and reported in the result, so callers may fire and forget.
 */
export async function notifyOperator(event: NotifyEvent, options: NotifyOptions = {}): Promise<NotifyResult> {
  let label: string = event?.kind ?? 'event';
  // Visitors cause these: past the hourly budget they wait for the digest. Alerts always go, and
  // calls that bring their own config (tests, tools) are not counted.
  if ((event?.kind === 'chat_message' || event?.kind === 'lead') && !options.config && !budget(event)) {
    overBudgetLog(event.kind, `${event.kind}: over the hourly notification budget, left for the digest`);
    return { email: 'disabled', webhook: 'disabled' };
  }
  try {
    const base = options.config ?? getNotifyConfig();
    const extra = options.to ?? [];
    const config = base.email && extra.length > 0 ? { ...base, email: { ...base.email, to: [...new Set([...base.email.to, ...extra])] } } : base;
    const normalized = normalizeEvent(event);
    label = describeEvent(normalized);
    const [email, webhook] = await Promise.all([emailChannel(normalized, config, label), webhookChannel(normalized, config, label, options.now ?? new Date())]);
    const result = { email, webhook };
    logOutcome(label, result);
    return result;
  } catch (error) {
    notifyLog.error(`${label}: notification aborted: ${describeError(error)}`);
    return { email: 'failed', webhook: 'failed' };
  }
}
