import 'server-only';
import { config as appConfig, type Config } from '@/lib/config';
import { DEFAULT_SENDER_NAME, SMTP_TIMEOUT_MS, WEBHOOK_TIMEOUT_MS } from './constants';
import { notifyLog } from './log';
import { safeDecode } from './smtp-url';
import { isEmailAddress } from '@/lib/email-address';

export type EmailChannelConfig = { smtpUrl: string; to: string[]; from: string; timeoutMs: number };
export type WebhookChannelConfig = { url: string; secret?: string; timeoutMs: number };
export type NotifyConfig = {
  siteUrl: string;
  email: EmailChannelConfig | null;
  webhook: WebhookChannelConfig | null;
};
/** `Maurice Expat <the SMTP login>` when it is an address, else no-reply@ the site's domain. */
function deriveSender(smtpUrl: string, siteUrl: string): string {
  const user = safeDecode(new URL(smtpUrl).username);
  if (isEmailAddress(user)) return `${DEFAULT_SENDER_NAME} <${user}>`;
  const host = new URL(siteUrl).hostname;
  const domain = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(host) ? host : 'localhost';
  return `${DEFAULT_SENDER_NAME} <no-reply@${domain}>`;
}

type Settings = Pick<Config, 'siteUrl' | 'notify'>;

function readEmail({ siteUrl, notify }: Settings, problems: string[]): EmailChannelConfig | null {
  const { smtpUrl, emailTo, emailFrom } = notify;
  if (!smtpUrl && !emailTo) return null;
  if (!smtpUrl || !emailTo) {
    problems.push(`e-mail notifications disabled, ${smtpUrl ? 'NOTIFY_EMAIL_TO' : 'SMTP_URL'}: missing`);
    return null;
  }
  return { smtpUrl, to: emailTo, from: emailFrom ?? deriveSender(smtpUrl, siteUrl), timeoutMs: SMTP_TIMEOUT_MS };
}

function readWebhook({ notify: { webhookUrl, webhookSecret } }: Settings): WebhookChannelConfig | null {
  if (!webhookUrl) return null;
  return { url: webhookUrl, ...(webhookSecret ? { secret: webhookSecret } : {}), timeoutMs: WEBHOOK_TIMEOUT_MS };
}

/**
 * Pure: the channels the (already validated) configuration enables, and why a half-configured
 * one is disabled. Malformed values never get here: lib/config.ts stops the start on them.
 */
export function readNotifyConfig(settings: Settings = appConfig): { config: NotifyConfig; problems: string[] } {
  const problems: string[] = [];
  const config = { siteUrl: settings.siteUrl, email: readEmail(settings, problems), webhook: readWebhook(settings) };
  return { config, problems };
}

/**
 * Mail to visitors (chat replies): needs only SMTP_URL, unlike the operators' notifications; the
 * sender is NOTIFY_EMAIL_FROM or the one derived from the SMTP login. Null without SMTP.
 */
export function readVisitorEmailConfig(settings: Settings = appConfig): EmailChannelConfig | null {
  const { smtpUrl, emailFrom } = settings.notify;
  if (!smtpUrl) return null;
  return { smtpUrl, to: [], from: emailFrom ?? deriveSender(smtpUrl, settings.siteUrl), timeoutMs: SMTP_TIMEOUT_MS };
}

let cached: NotifyConfig | undefined;

/** Derived once per process; a problem is logged then, never thrown. */
export function getNotifyConfig(): NotifyConfig {
  if (!cached) {
    const { config, problems } = readNotifyConfig(appConfig);
    for (const problem of problems) notifyLog.warn(problem);
    cached = config;
  }
  return cached;
}
