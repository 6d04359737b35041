// Backups of a PostgreSQL database with real parts: pg_dump while this process writes chat
// messages, the restore into an empty database (and into a new data folder), the verification.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateX25519Identity } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode, type NodeRun } from '../db/run-node';
import { scratchDatabases } from './scratch-postgres';

const databases = scratchDatabases('backup_pg');
const ROOT = mkdtempSync(path.join(tmpdir(), 'backup-postgres-'));
// An age identity: a passphrase costs a scrypt run on every open (key.test.ts covers one).
const KEY = await generateX25519Identity();
const OPERATOR = { email: 'pg.operator@example.com', password: 'pg-operator-password' };

const SOURCE = await databases.create();
const ENV = { DATA_DIR: path.join(ROOT, 'data'), BACKUP_DIR: path.join(ROOT, 'backups'), BACKUP_KEY: KEY, DATABASE_URL: SOURCE };
const expectOk = (run: NodeRun) => expect(run.code, run.stderr + run.stdout).toBe(0);
const backupFile = () =>
  path.join(
    ENV.BACKUP_DIR,
    readdirSync(ENV.BACKUP_DIR).find((name) => name.endsWith('.age'))!,
  );

const { openAppDatabase, closeDb } = await import('@/lib/db/client');
const { createOperator, verifyOperatorLogin } = await import('@/lib/auth/operators');
const { createChatSession, saveMessage } = await import('@/lib/chat/queries');
const { query } = await import('../db/test-database');

let totpKey: string;
/** The operator of the instance `env` describes, in its own process (sign-in.ts): TOTP on, or a sign-in with it. */
const operatorRun = (env: Record<string, string>, ...args: string[]) => runNode(['tests/unit/backup/sign-in.ts', ...args], { env: { ...ENV, ...env } });

beforeAll(async () => {
  await openAppDatabase({ dataDir: ENV.DATA_DIR, databaseUrl: SOURCE });
  await createOperator(OPERATOR);
});

afterAll(async () => {
  await closeDb();
  await databases.dropAll();
  rmSync(ROOT, { recursive: true, force: true });
});

// About five minutes on the 2-core machine: `npm run test:backup` runs it, `npm test` does not.
describe.runIf(process.env.BACKUP_TESTS === '1')('backups of PostgreSQL', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    // Turned on by a process of the instance itself: the key is sealed under its session secret.
    const enrol = await operatorRun({}, 'enrol', OPERATOR.email);
    totpKey = /^totp (\S+)/m.exec(enrol.stdout)?.[1] ?? '';
    expect(totpKey, enrol.stderr).not.toBe('');
  }, 60_000);

  it('backs up while messages are written, at one snapshot, and restores into an empty database with equal checksums and the same operator factors', async () => {
    const session = await createChatSession({ locale: 'en', startPage: '/en' });
    let writing = true;
    let written = 0;
    const load = (async () => {
      while (writing) {
        await saveMessage({ sessionId: session.id, sender: 'visitor', content: `m${(written += 1)}` });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const run = await runNode(['lib/cli/data-backup.ts'], { env: ENV });
    writing = false;
    await load;
    expectOk(run);
    expect(written).toBeGreaterThan(1);

    const target = await databases.create();
    const restore = await runNode(['lib/cli/data-restore.ts', backupFile(), '--to', target], { env: ENV });
    expectOk(restore);
    expect(restore.stdout).toMatch(/checksums equal/);
    await closeDb();
    await openAppDatabase({ dataDir: ENV.DATA_DIR, databaseUrl: target });
    expect(await verifyOperatorLogin(OPERATOR)).not.toBeNull();
    const [{ n }] = (await query<{ n: string }>('select count(*)::text as n from messages')) as [{ n: string }];
    // Some of the messages written during the backup are in it, not necessarily all.
    expect(Number(n)).toBeGreaterThan(0);
    expect(Number(n)).toBeLessThanOrEqual(written);

    // The checksum sees one changed byte in one row.
    const { readBackupKey } = await import('@/lib/backup/key');
    const { openBackupFile } = await import('@/lib/backup/open-file');
    const { compareManifests } = await import('@/lib/backup/manifest');
    const { connectPostgres, manifestOfPostgres } = await import('@/lib/backup/postgres');
    const backup = await openBackupFile(backupFile(), readBackupKey({ key: KEY, keyFile: undefined }));
    await query(`update messages set content = content || '.' where id = (select min(id) from messages)`);
    const client = await connectPostgres(target);
    try {
      expect(compareManifests({ expected: backup.header.manifest, actual: await manifestOfPostgres(client) })).toEqual([
        `public.messages: same ${n} rows but different content (checksum)`,
      ]);
    } finally {
      await client.end();
    }
    // The operator signs in there with the same password and second factor (after the comparison:
    // the code spent changes the operator's row).
    const signIn = await operatorRun({ DATABASE_URL: target }, 'sign-in', OPERATOR.email, OPERATOR.password, totpKey);
    expect(signIn.stdout, signIn.stderr).toMatch(/signed in: totp/);
  });

  it('restores a PostgreSQL backup into a new data folder, where the operator signs in with the same factors, and verifies it', async () => {
    const restore = await runNode(['lib/cli/data-restore.ts', backupFile()], { env: { ...ENV, DATABASE_URL: '', DATA_DIR: path.join(ROOT, 'folder') } });
    expectOk(restore);
    expect(readdirSync(path.join(ROOT, 'folder'))).toContain('pglite');
    const signIn = await operatorRun({ DATABASE_URL: '', DATA_DIR: path.join(ROOT, 'folder') }, 'sign-in', OPERATOR.email, OPERATOR.password, totpKey);
    expect(signIn.stdout, signIn.stderr).toMatch(/signed in: totp/);
    expectOk(await runNode(['lib/cli/data-verify.ts'], { env: ENV }));
  });
});
