import { createECDH } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
// Relative, not "@/": next.config.ts imports this file before the alias exists.
import { parseAddress, parseAddressList } from './email-address';
import { parseOfficeHours } from './office-hours/schedule';

// The one place that reads the environment. Everything else imports `config`; a test fails when
// code under app/, components/, lib/, proxy.ts or instrumentation.ts reads the environment
// elsewhere, or when the README's configuration table misses a variable of this schema.

type Source = Record<string, string | undefined>;

/** A blank value is no value: `DATABASE_URL=` means "use PGlite" everywhere. */
const blankAsUndefined = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUndefined, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.output<T>) => z.preprocess(blankAsUndefined, schema.default(fallback as never));

const httpUrl = z.url({ protocol: /^https?$/, hostname: /./, error: 'expected http://… or https://…' });
/**
 * A whole number from `min` (1 unless said) to `max` (none unless said), of `unit` when it has one;
 * every refusal in the same words: "expected a whole number of seconds from 0 to 3600".
 */
const wholeNumber = ({ unit, min = 1, max }: { unit?: string; min?: number; max?: number } = {}) => {
  const range = max !== undefined ? ` from ${min} to ${max}` : min !== 1 ? ` from ${min}` : '';
  const error = `expected a whole number${unit ? ` of ${unit}` : ''}${range}`;
  const schema = z.coerce.number({ error }).int(error).min(min, error);
  return max === undefined ? schema : schema.max(max, error);
};
const days = (fallback: number) => withDefault(wholeNumber({ unit: 'days' }), fallback);

/** A P-256 key as web-push and browsers take it: base64url, 65 bytes (uncompressed point) public, 32 private. */
const vapidKey = (bytes: number) =>
  optional(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, 'expected base64url (npx web-push generate-vapid-keys)')
      .refine((value) => Buffer.from(value, 'base64url').length === bytes, `expected ${bytes} bytes in base64url (npx web-push generate-vapid-keys)`),
  );

/** The public key of a P-256 private key (both base64url), or null when it is not one. */
export function vapidPublicKeyOf(privateKey: string): string | null {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url');
  } catch {
    return null;
  }
}

/** The 32 bytes of a FILES_KEY value (base64 or hex), or null when it is not one. */
export function filesKeyBytes(value: string): Buffer | null {
  const bytes = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : null;
}

/** A time of day as HH:MM, to minutes after midnight. */
const timeOfDay = z
  .string()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'expected a time of day as HH:MM, e.g. 08:00')
  .transform((hhmm) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)));

export const MIN_BACKUP_PASSPHRASE_LENGTH = 16;
const BACKUP_KEY_ERROR = `expected an age identity (AGE-SECRET-KEY-1…) or a passphrase of at least ${MIN_BACKUP_PASSPHRASE_LENGTH} characters`;
/** An age X25519 identity, or a passphrase long enough for scrypt to protect. */
export function isBackupKey(value: string): boolean {
  if (/^AGE-SECRET-KEY-/i.test(value)) return /^AGE-SECRET-KEY-1[0-9A-Z]{58}$/.test(value);
  return [...value].length >= MIN_BACKUP_PASSPHRASE_LENGTH;
}

export const MIN_SESSION_SECRET_LENGTH = 32;
export const MIN_PASSWORD_LENGTH = 12;
export const DEFAULT_SITE_URL = 'http://localhost:3000';

export const configSchema = z
  .object({
    SITE_URL: withDefault(httpUrl, DEFAULT_SITE_URL).transform((url) => url.replace(/\/+$/, '')),
    BOOKING_URL: optional(httpUrl),
    WHATSAPP_NUMBER: optional(z.string().regex(/^\+?[0-9 ]{6,20}$/, 'expected a phone number in international format')),
    /** Placeholder entries of content/ (example: true) on the pages (with a marker); unset: on except in production. */
    SHOW_EXAMPLE_CONTENT: optional(z.enum(['0', '1'], { error: 'expected 0 or 1' }).transform((value) => value === '1')),
    /** Confirmed opening hours, Mauritius time ("1-5 09:00-17:00; 6 09:00-12:00"); unset: no hours shown anywhere. */
    OFFICE_HOURS: optional(
      z
        .string()
        .refine((value) => parseOfficeHours(value) !== null, 'expected ISO weekdays and times, e.g. "1-5 09:00-17:00; 6 09:00-12:00"')
        .transform((value) => parseOfficeHours(value)!),
    ),
    DATA_DIR: withDefault(z.string(), 'data').transform((dir) => path.resolve(/*turbopackIgnore: true*/ dir)),
    DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'expected postgresql://…' })),
    SESSION_SECRET: optional(z.string().min(MIN_SESSION_SECRET_LENGTH, `must hold at least ${MIN_SESSION_SECRET_LENGTH} characters`)),
    OPERATOR_EMAIL: optional(z.email({ pattern: z.regexes.html5Email, error: 'expected an e-mail address' }).transform((email) => email.toLowerCase())),
    OPERATOR_PASSWORD: z
      .string()
      .optional()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(
        z
          .string()
          .refine((value) => [...value].length >= MIN_PASSWORD_LENGTH, `must have at least ${MIN_PASSWORD_LENGTH} characters`)
          .optional(),
      ),
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/, hostname: /./, error: 'expected smtp://… or smtps://…' })),
    NOTIFY_EMAIL_TO: optional(
      z
        .string()
        .refine((value) => parseAddressList(value) !== null, 'expected comma-separated e-mail addresses')
        .transform((value) => parseAddressList(value) ?? []),
    ),
    NOTIFY_EMAIL_FROM: optional(z.string().refine((value) => parseAddress(value) !== null, 'expected an e-mail address or "Name <address>"')),
    NOTIFY_WEBHOOK_URL: optional(httpUrl),
    NOTIFY_WEBHOOK_SECRET: optional(z.string()),
    /** Reverse proxies in front of the app that each append the address they saw to X-Forwarded-For. */
    TRUSTED_PROXY_HOPS: withDefault(
      z
        .string()
        .regex(/^[0-9]$/, 'expected a number of proxies from 0 to 9')
        .transform(Number),
      1,
    ),
    /** Visa results e-mailed to visitors per hour, for the whole site (all instances). */
    VISA_EMAIL_HOURLY_BUDGET: withDefault(wholeNumber(), 30),
    /** Operator notifications (new conversations, messages, leads) per hour and process; then one digest. */
    NOTIFY_HOURLY_BUDGET: withDefault(wholeNumber(), 60),
    /** Seconds an operator reply stays unread before it is e-mailed to the address the visitor left (needs SMTP_URL). */
    CHAT_EMAIL_DELAY: withDefault(wholeNumber({ unit: 'seconds' }), 120),
    /** Seconds a visitor's message stays unread by every operator before it is pushed to their devices (0: at once). */
    PUSH_UNREAD_DELAY: withDefault(wholeNumber({ unit: 'seconds', min: 0, max: 3600 }), 30),
    /** The Web Push (VAPID) key pair; unset: generated once into DATA_DIR/vapid-keys.json. */
    VAPID_PUBLIC_KEY: vapidKey(65),
    VAPID_PRIVATE_KEY: vapidKey(32),
    /** Tests and development only: push endpoints on http://127.0.0.1 / localhost, and loopback addresses, are accepted. */
    PUSH_ALLOW_LOOPBACK: optional(z.enum(['0', '1'], { error: 'expected 0 or 1' }).transform((value) => value === '1')),
    /** When the operators' morning e-mail goes, Mauritius time ("HH:MM"). */
    DIGEST_TIME: withDefault(timeOfDay, 8 * 60),
    CHAT_RETENTION_DAYS: days(365),
    LEAD_RETENTION_DAYS: days(1095),
    /** Days a new operator may work with a password alone; then the console asks for a second factor first. */
    MFA_GRACE_DAYS: withDefault(wholeNumber({ unit: 'days', min: 0, max: 365 }), 7),
    /** Minutes without an open console after which an operator session ends (12 hours at most in any case). */
    SESSION_IDLE_MINUTES: withDefault(wholeNumber({ unit: 'minutes', min: 5, max: 720 }), 60),
    /** The console's audit trail (lib/audit): entries older than this are deleted by the daily purge. */
    AUDIT_RETENTION_DAYS: days(730),
    /** Where backups, their temporary files and the register of erasures are written. */
    BACKUP_DIR: withDefault(z.string(), 'backups').transform((dir) => path.resolve(/*turbopackIgnore: true*/ dir)),
    /** The backups' key: an age identity (AGE-SECRET-KEY-1…, `npx age-keygen`-style) or a passphrase of 16+ characters. */
    BACKUP_KEY: optional(z.string().refine(isBackupKey, BACKUP_KEY_ERROR)),
    /** A file holding BACKUP_KEY's value instead (mode 0600), read when a backup is written or read. */
    BACKUP_KEY_FILE: optional(z.string().transform((file) => path.resolve(/*turbopackIgnore: true*/ file))),
    /** When the daily backup is taken, Mauritius time ("HH:MM"). */
    BACKUP_TIME: withDefault(timeOfDay, 3 * 60),
    /** Run by `sh -c` on each new backup, its path as "$1" (rclone, restic, scp…); a failure is a failed backup. */
    BACKUP_COMMAND: optional(z.string()),
    /** Keys each in-memory limiter holds at most (client addresses, ids); the oldest goes first. */
    LIMITER_MAX_KEYS: withDefault(wholeNumber({ min: 100, max: 1_000_000 }), 10_000),
    /** Where the dossiers' files are kept, encrypted (lib/files); instances must share it. Unset: DATA_DIR/files. */
    FILES_DIR: optional(z.string().transform((dir) => path.resolve(/*turbopackIgnore: true*/ dir))),
    /** The files' AES-256 key, 32 bytes in base64 or hex; unset: generated into DATA_DIR/files-key. Instances must share it. */
    FILES_KEY: optional(z.string().refine((value) => filesKeyBytes(value) !== null, 'expected 32 bytes in base64 (openssl rand -base64 32) or 64 hex digits')),
    /** Largest file a client may upload to a dossier, in megabytes. */
    DOSSIER_MAX_FILE_MB: withDefault(wholeNumber({ unit: 'megabytes', max: 100 }), 20),
    /** Megabytes per second every upload of the process is read at, together (lib/files/pace.ts). */
    DOSSIER_UPLOAD_MB_PER_SECOND: withDefault(wholeNumber({ unit: 'megabytes per second', max: 10_000 }), 10),
    /** Days a closed dossier's files are kept. */
    DOSSIER_RETENTION_DAYS: days(365),
    /** ClamAV's daemon: a Unix socket path or host:port; every uploaded file is scanned (INSTREAM). Unset: no scan. */
    CLAMAV_SOCKET: optional(z.string()),
    /** Dossier links mailed per hour for the whole site at the clients' own request ("send me a new link"), a budget of its own. */
    DOSSIER_LINK_HOURLY_BUDGET: withDefault(wholeNumber(), 20),
    /** Event streams a process keeps open at most; past it a visitor's new stream is answered 503 (the console's never). Unset: sized from the heap limit (lib/chat/stream-ceiling.ts). */
    MAX_EVENT_STREAMS: optional(wholeNumber({ min: 1, max: 1_000_000 })),
    /** Megabytes stored for one dossier at most, every page counted (refused ones too); an upload past it is refused. */
    DOSSIER_QUOTA_MB: withDefault(wholeNumber({ unit: 'megabytes', max: 100_000 }), 500),
  })
  .superRefine((env, context) => {
    if (env.BACKUP_KEY && env.BACKUP_KEY_FILE) {
      context.addIssue({ code: 'custom', path: ['BACKUP_KEY_FILE'], message: 'set BACKUP_KEY or BACKUP_KEY_FILE, not both' });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      context.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
      });
    } else if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && vapidPublicKeyOf(env.VAPID_PRIVATE_KEY) !== env.VAPID_PUBLIC_KEY) {
      context.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'is not the public key of VAPID_PRIVATE_KEY' });
    }
  });

export type Env = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(
    readonly variables: string[],
    details: string[],
  ) {
    super(`Invalid configuration: ${details.join('; ')}`);
    this.name = 'ConfigError';
  }
}

function toConfig(env: Env, nodeEnv: string | undefined) {
  return {
    siteUrl: env.SITE_URL,
    bookingUrl: env.BOOKING_URL,
    whatsappNumber: env.WHATSAPP_NUMBER,
    showExampleContent: env.SHOW_EXAMPLE_CONTENT ?? nodeEnv !== 'production',
    officeHours: env.OFFICE_HOURS ?? null,
    database: { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR },
    sessionSecret: env.SESSION_SECRET,
    /** The first operator, created at start-up while no operator exists. */
    operator: env.OPERATOR_EMAIL && env.OPERATOR_PASSWORD ? { email: env.OPERATOR_EMAIL, password: env.OPERATOR_PASSWORD } : undefined,
    /** Set when only one of OPERATOR_EMAIL / OPERATOR_PASSWORD is. */
    operatorIncomplete: Boolean(env.OPERATOR_EMAIL) !== Boolean(env.OPERATOR_PASSWORD),
    notify: {
      smtpUrl: env.SMTP_URL,
      emailTo: env.NOTIFY_EMAIL_TO,
      emailFrom: env.NOTIFY_EMAIL_FROM,
      webhookUrl: env.NOTIFY_WEBHOOK_URL,
      webhookSecret: env.NOTIFY_WEBHOOK_SECRET,
    },
    trustedProxyHops: env.TRUSTED_PROXY_HOPS,
    visaEmailHourlyBudget: env.VISA_EMAIL_HOURLY_BUDGET,
    notifyHourlyBudget: env.NOTIFY_HOURLY_BUDGET,
    chatEmailDelayMs: env.CHAT_EMAIL_DELAY * 1000,
    /** Minutes after midnight, Mauritius time, from which the day's digest is sent. */
    digestMinute: env.DIGEST_TIME,
    push: {
      unreadDelayMs: env.PUSH_UNREAD_DELAY * 1000,
      vapidKeys: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : undefined,
      allowLoopback: env.PUSH_ALLOW_LOOPBACK ?? false,
    },
    retention: { chatDays: env.CHAT_RETENTION_DAYS, leadDays: env.LEAD_RETENTION_DAYS, dossierDays: env.DOSSIER_RETENTION_DAYS },
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    limiterMaxKeys: env.LIMITER_MAX_KEYS,
    operatorSecurity: { mfaGraceMs: env.MFA_GRACE_DAYS * 86_400_000, sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000 },
    backup: {
      dir: env.BACKUP_DIR,
      key: env.BACKUP_KEY,
      keyFile: env.BACKUP_KEY_FILE,
      /** Minutes after midnight, Mauritius time. */
      minute: env.BACKUP_TIME,
      command: env.BACKUP_COMMAND,
    },
    maxEventStreams: env.MAX_EVENT_STREAMS,
    dossierLinkHourlyBudget: env.DOSSIER_LINK_HOURLY_BUDGET,
    files: {
      dir: env.FILES_DIR ?? path.join(env.DATA_DIR, 'files'),
      key: env.FILES_KEY,
      maxBytes: env.DOSSIER_MAX_FILE_MB * 1024 * 1024,
      uploadBytesPerSecond: env.DOSSIER_UPLOAD_MB_PER_SECOND * 1024 * 1024,
      clamavSocket: env.CLAMAV_SOCKET,
      dossierQuotaBytes: env.DOSSIER_QUOTA_MB * 1024 * 1024,
    },
  };
}

export type Config = ReturnType<typeof toConfig>;
export type DatabaseConfig = Config['database'];
export type Retention = Config['retention'];
export type BackupConfig = Config['backup'];

/** Validates a whole environment; a bad value throws ConfigError naming the variable (never its value). */
export function parseConfig(source: Source): Config {
  const parsed = configSchema.safeParse(source);
  if (!parsed.success) {
    const variables = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))];
    throw new ConfigError(
      variables,
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  return toConfig(parsed.data, source.NODE_ENV);
}

const environment: Source = process.env;
export const config: Config = parseConfig(environment);

/** This process's environment plus `extra`, for a child process (pg_dump's PGPASSWORD): the one other read of it. */
export function environmentWith(extra: Record<string, string>): Source {
  return { ...environment, ...extra };
}
