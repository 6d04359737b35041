import 'server-only';
import { z } from 'zod';
import { DEFAULT_SENDER_NAME, DEFAULT_SITE_URL, SMTP_TIMEOUT_MS, WEBHOOK_TIMEOUT_MS } from './constants';
import { notifyLog } from './log';
import { safeDecode } from './smtp-url';
import { isEmailAddress, parseAddress, parseAddressList } from './address';

export type EmailChannelConfig = { smtpUrl: string; to: string[]; from: string; timeoutMs: number };
export type WebhookChannelConfig = { url: string; secret?: string; timeoutMs: number };
export type NotifyConfig = {
  siteUrl: string;
  email: EmailChannelConfig | null;
  webhook: WebhookChannelConfig | null;
};
type Source = Record<string, string | undefined>;

const blankAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUndefined, schema.optional());

const missingOr =
  (message: string) =>
  ({ input }: { input: unknown }) =>
    input === undefined ? 'missing' : message;

const addressList = z
  .string({ error: missingOr('expected comma-separated e-mail addresses') })
  .refine((value) => parseAddressList(value) !== null, 'expected comma-separated e-mail addresses')
  .transform((value) => parseAddressList(value) ?? []);
const sender = z
  .string()
  .trim()
  .refine((value) => parseAddress(value) !== null, 'expected an e-mail address or "Name <address>"');

const emailEnvSchema = z.object({
  SMTP_URL: z.preprocess(
    blankAsUndefined,
    z.url({ protocol: /^smtps?$/, hostname: /./, error: missingOr('expected smtp://… or smtps://…') }),
  ),
  NOTIFY_EMAIL_TO: z.preprocess(blankAsUndefined, addressList),
  NOTIFY_EMAIL_FROM: optional(sender),
});

const webhookEnvSchema = z.object({
  NOTIFY_WEBHOOK_URL: z.preprocess(
    blankAsUndefined,
    z.url({ protocol: /^https?$/, hostname: /./, error: missingOr('expected http://… or https://…') }),
  ),
  NOTIFY_WEBHOOK_SECRET: optional(z.string()),
});

const siteUrlSchema = z
  .preprocess(blankAsUndefined, z.url({ protocol: /^https?$/ }).default(DEFAULT_SITE_URL))
  .catch(DEFAULT_SITE_URL)
  .transform((url) => url.replace(/\/+$/, ''));

function issuesOf(error: z.ZodError): string {
  // Zod messages never echo the input, so a malformed SMTP_URL's password stays out of the log.
  return error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
}

/** `Maurice Expat <the SMTP login>` when it is an address, else no-reply@ the site's domain. */
function deriveSender(smtpUrl: string, siteUrl: string): string {
  const user = safeDecode(new URL(smtpUrl).username);
  if (isEmailAddress(user)) return `${DEFAULT_SENDER_NAME} <${user}>`;
  const host = new URL(siteUrl).hostname;
  const domain = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(host) ? host : 'localhost';
  return `${DEFAULT_SENDER_NAME} <no-reply@${domain}>`;
}

const isSet = (source: Source, ...names: string[]) => names.some((name) => source[name]?.trim());

function readEmail(source: Source, siteUrl: string, problems: string[]): EmailChannelConfig | null {
  if (!isSet(source, 'SMTP_URL', 'NOTIFY_EMAIL_TO')) return null;
  const parsed = emailEnvSchema.safeParse(source);
  if (!parsed.success) {
    problems.push(`e-mail notifications disabled, ${issuesOf(parsed.error)}`);
    return null;
  }
  const { SMTP_URL, NOTIFY_EMAIL_TO, NOTIFY_EMAIL_FROM } = parsed.data;
  const from = NOTIFY_EMAIL_FROM ?? deriveSender(SMTP_URL, siteUrl);
  return { smtpUrl: SMTP_URL, to: NOTIFY_EMAIL_TO, from, timeoutMs: SMTP_TIMEOUT_MS };
}

function readWebhook(source: Source, problems: string[]): WebhookChannelConfig | null {
  if (!isSet(source, 'NOTIFY_WEBHOOK_URL')) return null;
  const parsed = webhookEnvSchema.safeParse(source);
  if (!parsed.success) {
    problems.push(`webhook notifications disabled, ${issuesOf(parsed.error)}`);
    return null;
  }
  const { NOTIFY_WEBHOOK_URL: url, NOTIFY_WEBHOOK_SECRET: secret } = parsed.data;
  return { url, ...(secret ? { secret } : {}), timeoutMs: WEBHOOK_TIMEOUT_MS };
}

/** Pure: the channels the environment enables, and why any configured one is disabled. */
export function readNotifyConfig(source: Source = process.env): { config: NotifyConfig; problems: string[] } {
  const problems: string[] = [];
  const siteUrl = siteUrlSchema.parse(source.SITE_URL);
  const config = { siteUrl, email: readEmail(source, siteUrl, problems), webhook: readWebhook(source, problems) };
  return { config, problems };
}

let cached: NotifyConfig | undefined;

/** Reads process.env once per process; a problem is logged then, never thrown. */
export function getNotifyConfig(): NotifyConfig {
  if (!cached) {
    const { config, problems } = readNotifyConfig(process.env);
    for (const problem of problems) notifyLog.warn(problem);
    cached = config;
  }
  return cached;
}
