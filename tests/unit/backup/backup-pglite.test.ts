// Backups of the embedded database, end to end with real parts: a server process holding DATA_DIR
// under a chat load, the npm scripts as separate processes, PostgreSQL on 127.0.0.1 for the restore
// and the move, an SMTP listener for the alert, a tmpfs for the full disk.
import { createHash } from 'node:crypto';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateX25519Identity } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail } from '../../support/mime';
import { startSmtpPeer } from '../../support/peers';
import { runNode, startNode, waitForOutput, type NodeRun } from '../db/run-node';

const ROOT = mkdtempSync(path.join(tmpdir(), 'backup-pglite-'));
const DATA_DIR = path.join(ROOT, 'data');
const BACKUP_DIR = path.join(ROOT, 'backups');
const KEY = await generateX25519Identity();
const OPERATOR = { email: 'start.operator@example.com', password: 'start-password-42' };
const smtp = await startSmtpPeer();
// The alert test notifies from this process: its configuration is read when lib/config is first imported.
Object.assign(process.env, {
  DATA_DIR,
  BACKUP_DIR,
  BACKUP_KEY: KEY,
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  NOTIFY_EMAIL_TO: 'ops@example.com',
});
// Imported after: it reaches lib/config through the test database helpers.
const { scratchDatabases } = await import('./scratch-postgres');
const databases = scratchDatabases('backup');
const ENV = { DATA_DIR, BACKUP_DIR, BACKUP_KEY: KEY, OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password, BACKUP_TIME: '23:59' };

const script = (name: string) => `lib/cli/${name}.ts`;
const backups = (dir = BACKUP_DIR) => (existsSync(dir) ? readdirSync(dir).filter((name) => /^backup-.*\.age$/.test(name)) : []);
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const expectOk = (run: NodeRun) => expect(run.code, run.stderr + run.stdout).toBe(0);

function command(server: ChildProcess, line: string, answer: string): Promise<string> {
  return new Promise((resolve) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = output.split('\n').find((text) => text.startsWith(answer));
      if (found) {
        server.stdout?.off('data', onData);
        resolve(found.slice(answer.length).trim());
      }
    };
    server.stdout?.on('data', onData);
    server.stdin?.write(`${line}\n`);
  });
}

let server: ChildProcess;
let firstBackup: string;
let totpKey: string;

/** A restored instance's sign-in, password then TOTP code, in its own process (sign-in.ts). */
const signIn = (env: Record<string, string>, key = totpKey) =>
  runNode(['tests/unit/backup/sign-in.ts', 'sign-in', OPERATOR.email, OPERATOR.password, key], { env: { ...ENV, ...env } });

beforeAll(async () => {
  server = startNode([path.join('tests/unit/backup/hold-server.ts')], ENV);
  await waitForOutput(server, 'ready');
  totpKey = await command(server, `totp ${OPERATOR.email}`, 'totp');
}, 180_000);

afterAll(async () => {
  server?.kill('SIGKILL');
  await smtp.close();
  await databases.dropAll();
  rmSync(ROOT, { recursive: true, force: true });
});

// About five minutes on the 2-core machine (each command starts tsx and PGlite): `npm run test:backup`
// runs it, `npm test` does not (its budget is 12 minutes for everything).
describe.runIf(process.env.BACKUP_TESTS === '1')('backups of the embedded database', { timeout: 240_000 }, () => {
  it('backs up the running server under a chat load, without holding its writes', async () => {
    const before = JSON.parse(await command(server, 'stats', 'stats')) as { saved: number };
    expectOk(await runNode([script('data-backup')], { env: ENV }));
    const after = JSON.parse(await command(server, 'stats', 'stats')) as { saved: number; p99Ms: number };
    expect(after.saved).toBeGreaterThan(before.saved);
    expect(backups()).toHaveLength(1);
    expect(readdirSync(BACKUP_DIR).filter((name) => name.endsWith('.partial'))).toEqual([]);
    firstBackup = path.join(BACKUP_DIR, backups()[0]!);
  });

  it('a backup killed half-way leaves the earlier backup intact and no file that looks complete', async () => {
    const earlier = sha(firstBackup);
    // Killed as soon as its temporary file appears (while it is being written), then another as soon
    // as its copy of the data folder appears (while the server's backup is under way).
    for (const [dir, killWhen] of [
      [BACKUP_DIR, (name: string) => name.endsWith('.partial')],
      [DATA_DIR, (name: string) => name.startsWith('backup-staging-')],
    ] as const) {
      const child = startNode([script('data-backup')], ENV);
      const watcher = watch(dir, (_event, name) => {
        if (name && killWhen(name)) child.kill('SIGKILL');
      });
      const signal = await new Promise((resolve) => child.on('exit', (_code, killed) => resolve(killed)));
      watcher.close();
      expect(signal).toBe('SIGKILL');
    }
    expect(backups()).toEqual([path.basename(firstBackup)]);
    expect(sha(firstBackup)).toBe(earlier);
  });

  it('a full disk and a refused BACKUP_COMMAND give a clear error and a recorded failure; the server keeps writing', async () => {
    const small = path.join(ROOT, 'small');
    mkdirSync(small);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', small], { stdio: 'pipe' });
    } catch (error) {
      if (process.env.CI === 'true') throw error;
      console.warn(`full-disk case skipped: cannot mount a tmpfs here (${(error as Error).message})`);
      return;
    }
    try {
      const full = await runNode([script('data-backup')], { env: { ...ENV, BACKUP_DIR: small } });
      expect(full.code).toBe(1);
      expect(full.stderr).toMatch(/no space left in BACKUP_DIR .* the earlier backups are untouched/);
      expect(readdirSync(small)).toEqual([]);
    } finally {
      execFileSync('umount', [small]);
    }
    const refused = await runNode([script('data-backup')], { env: { ...ENV, BACKUP_COMMAND: 'echo "remote refused" >&2; exit 3' } });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/BACKUP_COMMAND failed \(exit 3\) on backup-.*: remote refused/);
    // The killed runs' temporary file and copy were removed by the next run (the server ended the
    // killed run's backup: the next one started).
    expect(readdirSync(DATA_DIR).filter((name) => name.startsWith('backup-staging-'))).toEqual([]);
    // The killed run's temporary file was removed by the next run. The file that run wrote stays (the
    // command failed after it), and the same day's earlier one went by the retention rule.
    expect(readdirSync(BACKUP_DIR).filter((name) => name.endsWith('.partial'))).toEqual([]);
    expect(backups()).toHaveLength(1);
    firstBackup = path.join(BACKUP_DIR, backups()[0]!);
    const before = JSON.parse(await command(server, 'stats', 'stats')) as { saved: number };
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((JSON.parse(await command(server, 'stats', 'stats')) as { saved: number }).saved).toBeGreaterThan(before.saved);
  });

  it('registers an erasure made after the backup without personal data, and a restore erases it again; the operator signs in there with the same factors', async () => {
    expect(JSON.parse(await command(server, 'erase erase@example.com', 'erased'))).toMatchObject({ leads: 1, people: 1 });
    const register = readFileSync(path.join(BACKUP_DIR, 'erasures.jsonl'), 'utf8');
    expect(register).not.toMatch(/@|Erase/);
    // Listened for before "stop": the server says "closed" right after its stats, often in the same chunk.
    const closed = waitForOutput(server, 'closed').catch(() => undefined);
    const stats = JSON.parse(await command(server, 'stop', 'stats')) as { saved: number; p99Ms: number; maxMs: number };
    console.info(`chat load during the backups: ${JSON.stringify(stats)}`);
    await closed;

    const restored = path.join(ROOT, 'restored');
    const run = await runNode([script('data-restore'), firstBackup], { env: { ...ENV, DATA_DIR: restored } });
    expectOk(run);
    expect(run.stdout).toMatch(/checksums equal; 0 stored file\(s\) into .*; 1 later erasure\(s\) applied again/);
    expect(readdirSync(restored).sort()).toEqual(['files-key', 'pglite', 'session-secret', 'vapid-keys.json']);
    expect(readFileSync(path.join(restored, 'session-secret'), 'utf8')).toBe(readFileSync(path.join(DATA_DIR, 'session-secret'), 'utf8'));
    // The operator signs in there with the same password and second factor (another key's code is refused).
    const stranger = await signIn({ DATA_DIR: restored }, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(stranger.stderr).toMatch(/second factor refused/);
    const operator = await signIn({ DATA_DIR: restored });
    expect(operator.stdout, operator.stderr).toMatch(/signed in: totp/);
  });

  it('a wrong key is refused before anything is written', async () => {
    const target = path.join(ROOT, 'wrong-key');
    const run = await runNode([script('data-restore'), firstBackup], { env: { ...ENV, DATA_DIR: target, BACKUP_KEY: await generateX25519Identity() } });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/this key does not open the backup/);
    expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);
  });

  it('restores into an empty PostgreSQL database only, and the operator signs in there with the same password and second factor', async () => {
    const url = await databases.create();
    expectOk(await runNode([script('data-restore'), firstBackup, '--to', url], { env: ENV }));
    const again = await runNode([script('data-restore'), firstBackup, '--to', url], { env: ENV });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/The PostgreSQL database is not empty/);
    const { openAppDatabase, closeDb } = await import('@/lib/db/client');
    const { verifyOperatorLogin } = await import('@/lib/auth/operators');
    const { query } = await import('../db/test-database');
    const operator = await signIn({ DATABASE_URL: url });
    expect(operator.stdout, operator.stderr).toMatch(/signed in: totp/);
    await openAppDatabase({ dataDir: DATA_DIR, databaseUrl: url });
    try {
      expect(await verifyOperatorLogin(OPERATOR)).not.toBeNull();
      const leads = await query<{ email: string }>('select email from leads order by email');
      expect(leads.map((lead) => lead.email)).toEqual(['keep@example.com']);
      expect(await query("select body from person_events where kind = 'note'")).toEqual([{ body: 'Note sur Keep Person' }]);
    } finally {
      await closeDb();
    }
  });

  it('the verification restores the backup and fails on a damaged copy; the failures reach the operators by e-mail', async () => {
    expectOk(await runNode([script('data-verify')], { env: ENV }));
    const damaged = path.join(ROOT, 'damaged.age');
    const bytes = readFileSync(firstBackup);
    bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 0xff;
    writeFileSync(damaged, bytes);
    const run = await runNode([script('data-verify'), damaged], { env: ENV });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/damaged/);

    const { openAppDatabase, closeDb } = await import('@/lib/db/client');
    const { wireSubscribers } = await import('@/lib/subscribers');
    const { reportBackupProblems } = await import('@/lib/backup/jobs');
    const { getBackupStatus } = await import('@/lib/backup/status');
    wireSubscribers();
    await openAppDatabase({ dataDir: DATA_DIR, databaseUrl: undefined });
    try {
      await reportBackupProblems();
      const alerts = () =>
        smtp.mails
          .map((mail) => parseMail(mail.raw))
          .filter((mail) => mail.headers.get('subject')?.startsWith('Alerte'))
          .map((mail) => `${mail.headers.get('subject')}: ${mail.text.replace(/\s+/g, ' ')}`);
      await expect.poll(alerts, { timeout: 10_000 }).toHaveLength(3);
      // Each failure once: the full disk, the refused command, the damaged copy.
      expect(alerts()).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Alerte : la restauration de contrôle a échoué: .*damaged/),
          expect.stringMatching(/^Alerte : la sauvegarde a échoué: .*BACKUP_COMMAND failed/),
          expect.stringMatching(/^Alerte : la sauvegarde a échoué: .*no space left in BACKUP_DIR/),
        ]),
      );
      await reportBackupProblems();
      expect(alerts()).toHaveLength(3);
      const status = await getBackupStatus();
      expect(status.lastBackupAt).not.toBeNull();
      expect(status.lastVerifiedAt).not.toBeNull();
    } finally {
      await closeDb();
    }
  });

  it('moves the embedded database to PostgreSQL in one command; the console lists the same people', async () => {
    const { openAppDatabase, closeDb } = await import('@/lib/db/client');
    const { listAllPeople } = await import('@/lib/people/service');
    const people = async (database: { dataDir: string; databaseUrl: string | undefined }) => {
      await openAppDatabase(database);
      try {
        return (await listAllPeople({ view: 'all' })).map((person) => ({ key: person.key, label: person.label }));
      } finally {
        await closeDb();
      }
    };
    const before = await people({ dataDir: DATA_DIR, databaseUrl: undefined });
    expect(before.length).toBeGreaterThan(0);
    const url = await databases.create();
    const run = await runNode([script('data-move-to-postgres'), '--to', url], { env: ENV });
    expectOk(run);
    expect(run.stdout).toContain(`DATABASE_URL=${url}`);
    expect(run.stdout).toMatch(/SESSION_SECRET=\S{32,}/);
    expect(await people({ dataDir: DATA_DIR, databaseUrl: url })).toEqual(before);
  });
});
