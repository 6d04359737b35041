import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import webpush from 'web-push';
import { E2E_OPERATOR } from '../../playwright.config';
import { startSmtpPeer } from '../support/peers';
import { freshPostgresDatabase, startServer, tempDataDir, type NextServer } from './server-process';

/**
 * The servers a worker shares between its tests, one per environment profile, started when a test
 * first asks for it and stopped when the worker ends. Ports come from the worker's index, so two
 * workers (or two specs) never meet on one: worker N owns PORTS_PER_WORKER ports from
 * FIRST_PORT + N × PORTS_PER_WORKER (shifted by `E2E_PORT - 3100`, see testPort). The first ones
 * go to the shared profiles; a test that must start, kill or restart a server of its own takes one
 * of the `own` slots.
 */
const FIRST_PORT = 3800;
const PORTS_PER_WORKER = 20;
const OWN_SLOTS = 10;

export const OPERATOR_ENV = { OPERATOR_EMAIL: E2E_OPERATOR.email, OPERATOR_PASSWORD: E2E_OPERATOR.password };
/** Where the `postgres` pair sends the agency's notifications (new conversations, leads). */
export const AGENCY_INBOX = 'agency@example.test';
export const SHARED_SECRET = 'one-secret-shared-by-every-instance-0123456789';
/** The agency's hours on the `postgres` pair: every weekday, 09:00–17:00 Mauritius time. */
export const OFFICE_HOURS = '1-5 09:00-17:00';
/**
 * The VAPID key pair both instances of the `postgres` pair sign their pushes with (made for the
 * run). web-push pads a private scalar with leading zero bytes to its 32 bytes: node:crypto's
 * `getPrivateKey()` returns it shorter, about one run in 256, which the server's configuration
 * then refuses (a CI run failed so).
 */
export const PAIR_VAPID = webpush.generateVAPIDKeys();

type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;

/**
 * What each shared profile runs with (on top of the runner's environment). They differ only where a
 * test needs the difference: keep the list short, each profile costs a server per worker.
 * - `embedded`: PGlite, the e2e operator, nothing else configured (no SMTP, no hours, no calendar).
 * - `postgres`: two instances on one fresh PostgreSQL database with a shared cookie secret and the
 *   worker's SMTP listener (notifications to AGENCY_INBOX) and OFFICE_HOURS; visitor replies are mailed after one second
 *   (CHAT_EMAIL_DELAY); push notifications signed with PAIR_VAPID, to push services on loopback
 *   (PUSH_ALLOW_LOOPBACK), a visitor's message pushed after one second unread (PUSH_UNREAD_DELAY);
 *   the dossiers' documents in one shared FILES_DIR under one FILES_KEY.
 */
const PROFILES = {
  embedded: { slot: 0, env: () => ({ ...OPERATOR_ENV }) },
} as const;
const POSTGRES_SLOTS = [1, 2] as const;
const FIRST_OWN_SLOT = PORTS_PER_WORKER - OWN_SLOTS;

export type ProfileName = keyof typeof PROFILES;

/** True under CI, where a missing PostgreSQL, nginx or Chromium is a failure, never a skip. */
export const REQUIRED = Boolean(process.env.CI);

export class ServerPool {
  private readonly started = new Map<string, Promise<NextServer>>();
  private pair?: Promise<{ a: NextServer; b: NextServer; databaseUrl: string; drop: () => void }>;
  private smtpPeer?: Promise<SmtpPeer>;

  constructor(private readonly workerIndex: number) {}

  /** This worker's port for `own` slot `slot` (0 … OWN_SLOTS - 1), before the E2E_PORT shift. */
  port(slot: number): number {
    if (!Number.isInteger(slot) || slot < 0 || slot >= OWN_SLOTS) throw new Error(`own port slot ${slot} is outside 0–${OWN_SLOTS - 1}`);
    return this.slotPort(FIRST_OWN_SLOT + slot);
  }

  private slotPort(slot: number): number {
    return FIRST_PORT + this.workerIndex * PORTS_PER_WORKER + slot;
  }

  /** The worker's SMTP listener (every mail any of its servers sends, kept in `mails`). */
  smtp(): Promise<SmtpPeer> {
    this.smtpPeer ??= startSmtpPeer();
    return this.smtpPeer;
  }

  /** The worker's server for `profile`, started on first use with its own fresh data folder. */
  server(profile: ProfileName): Promise<NextServer> {
    let server = this.started.get(profile);
    if (!server) {
      const { slot, env } = PROFILES[profile];
      server = startServer(this.slotPort(slot), { DATA_DIR: tempDataDir(), ...env() });
      this.started.set(profile, server);
    }
    return server;
  }

  /** Two instances sharing one fresh PostgreSQL database (see PROFILES). */
  postgres(): Promise<{ a: NextServer; b: NextServer; databaseUrl: string }> {
    this.pair ??= (async () => {
      const database = requirePostgres('postgres_pair');
      const smtp = await this.smtp();
      const filesDir = mkdtempSync(path.join(tmpdir(), 'e2e-files-'));
      const env = {
        DATABASE_URL: database.url,
        ...OPERATOR_ENV,
        SESSION_SECRET: SHARED_SECRET,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        NOTIFY_EMAIL_FROM: 'site@example.test',
        NOTIFY_EMAIL_TO: AGENCY_INBOX,
        CHAT_EMAIL_DELAY: '1',
        OFFICE_HOURS,
        VAPID_PUBLIC_KEY: PAIR_VAPID.publicKey,
        VAPID_PRIVATE_KEY: PAIR_VAPID.privateKey,
        PUSH_ALLOW_LOOPBACK: '1',
        PUSH_UNREAD_DELAY: '1',
        // The dossiers' documents: one folder and one key for both instances, as in production.
        FILES_DIR: filesDir,
        FILES_KEY: randomBytes(32).toString('base64'),
      };
      const [a, b] = await Promise.all(POSTGRES_SLOTS.map((slot) => startServer(this.slotPort(slot), env)));
      const drop = () => {
        database.drop();
        rmSync(filesDir, { recursive: true, force: true });
      };
      return { a: a!, b: b!, databaseUrl: database.url, drop };
    })();
    return this.pair;
  }

  async stopAll(): Promise<void> {
    const servers = await Promise.allSettled([...this.started.values()]);
    await Promise.all(servers.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)));
    if (this.pair) {
      const pair = await this.pair.catch(() => undefined);
      if (pair) {
        await Promise.all([pair.a.stop(), pair.b.stop()]);
        pair.drop();
      }
    }
    if (this.smtpPeer) await (await this.smtpPeer).close();
  }
}

/**
 * A new PostgreSQL database on the local server. Without one, the calling test is skipped when run
 * by hand and fails under CI (`CI=true`), where PostgreSQL is part of what the suite checks.
 */
export function requirePostgres(prefix: string, options?: { create?: boolean }) {
  const database = freshPostgresDatabase(prefix, options);
  if (database) return database;
  if (REQUIRED) throw new Error('PostgreSQL is not reachable on 127.0.0.1:5432: under CI the tests that need it fail instead of skipping.');
  test.skip(true, 'PostgreSQL is not reachable on 127.0.0.1:5432');
  throw new Error('skipped');
}
