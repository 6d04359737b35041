// The dossiers' stored files in a backup, with real parts: a data folder with a client's dossier and
// two uploaded pages, backed up idle (streamed through age), verified, restored into a new folder
// (files opened with the restored key and compared byte for byte), and the refusals: a damaged or
// cut backup, a FILES_KEY that is not the backup's, a files folder that is not empty, and a person
// erased after the backup whose files stay erased.
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { generateX25519Identity } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase, query } from '../db/test-database';

vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined, has: () => false }),
  headers: async () => new Headers(),
}));

const { setFileStore } = await import('@/lib/files/key');
const { readDecrypted } = await import('@/lib/files/store');
const { saveLead } = await import('@/lib/leads/queries');
const { getDossierRows } = await import('@/lib/dossier/queries');
const { openDossier, uploadPage } = await import('@/lib/dossier/service');
const { closeDb } = await import('@/lib/db/client');
const { takeBackup } = await import('@/lib/backup/take');
const { openBackupFile } = await import('@/lib/backup/open-file');
const { verifyBackup } = await import('@/lib/backup/verify');
const { restoreBackup, TargetNotEmptyError } = await import('@/lib/backup/restore');
const { recordErasure } = await import('@/lib/backup/erasures');
const { packBackup, unpackBackup } = await import('@/lib/backup/archive');

const ROOT = mkdtempSync(path.join(tmpdir(), 'backup-files-'));
const BACKUP_DIR = path.join(ROOT, 'backups');
// An age identity: a passphrase would cost a scrypt run on every open.
const KEY = await generateX25519Identity();
const filesKey = randomBytes(32);
const store = { dir: path.join(ROOT, 'files'), key: filesKey };
const pages = [
  Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(200_000), Buffer.from('\n%%EOF\n')]),
];
const backupConfig = { dir: BACKUP_DIR, key: KEY, keyFile: undefined, minute: 0, command: undefined };

async function* body(bytes: Uint8Array) {
  yield bytes;
}

const database = pgliteDatabase();
let dataDir: string;
let personId: number;
let leadId: number;
let backupFile: string;

beforeAll(async () => {
  await database.setUp();
  dataDir = database.dataDir!;
  setFileStore(store);
  const lead = await saveLead({
    source: 'contact',
    name: 'Anna',
    email: 'anna.backup@example.com',
    phone: null,
    message: 'Premium Visa',
    locale: 'de',
    details: null,
    consentAt: new Date(),
  });
  personId = Number(lead.personId);
  leadId = Number(lead.id);
  const { dossier } = await openDossier({
    personId: lead.personId,
    input: { permit: 'premium_visa', nationality: 'Allemagne', locale: 'de', targetDate: '2027-03-01', email: 'anna.backup@example.com' },
    operatorEmail: 'op@example.com',
  });
  const [item] = (await getDossierRows({ id: Number(dossier.id) }))!.items;
  for (const [index, bytes] of pages.entries()) {
    const outcome = await uploadPage({
      dossierId: Number(dossier.id),
      itemId: Number(item!.id),
      name: `page-${index}.pdf`,
      body: body(bytes),
      declaredBytes: bytes.length,
    });
    expect(outcome.ok).toBe(true);
  }
  // Idle: the backup opens the folder itself.
  await closeDb();
}, OPEN_TIMEOUT_MS);

afterAll(async () => {
  setFileStore(undefined);
  await closeDb();
  rmSync(ROOT, { recursive: true, force: true });
  await database.tearDown();
});

const restoreTarget = (name: string, key?: string) => {
  const dir = path.join(ROOT, name);
  return { dataDir: path.join(dir, 'data'), files: { dir: path.join(dir, 'files'), key } };
};

describe('the dossiers’ files in a backup', { timeout: 120_000 }, () => {
  it('streams the stored files into the backup, with their key, and verifies each against its row', async () => {
    const outcome = await takeBackup({
      database: { dataDir, databaseUrl: undefined },
      sessionSecret: undefined,
      backup: backupConfig,
      files: { dir: store.dir, key: filesKey.toString('base64') },
    });
    expect(outcome).toMatchObject({ files: 2 });
    expect(outcome.fileBytes).toBeGreaterThan(200_000);
    backupFile = outcome.file;
    // Encrypted with age: no stored file's bytes, no page's plaintext in the clear.
    const raw = readFileSync(backupFile);
    expect(raw.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    expect(raw.includes(pages[0]!.subarray(0, 30))).toBe(false);
    const verified = await verifyBackup(await openBackupFile(backupFile, KEY));
    expect(verified).toMatchObject({ files: 2, checked: ['pglite.tar.gz', 'database.sql'] });
  });

  it('restores the files into an empty folder with the key, each opening to the uploaded bytes', async () => {
    const target = restoreTarget('restored');
    const outcome = await restoreBackup(await openBackupFile(backupFile, KEY), { target, backupDir: path.join(ROOT, 'no-register') });
    expect(outcome.files).toBe(2);
    expect(outcome.secretsWritten).toContain(path.join(target.dataDir, 'files-key'));
    const restoredKey = Buffer.from(readFileSync(path.join(target.dataDir, 'files-key'), 'utf8').trim(), 'base64');
    expect(restoredKey.equals(filesKey)).toBe(true);
    const keys = readdirSync(target.files.dir, { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.enc'))
      .map((name) => path.basename(name, '.enc'));
    const contents = await Promise.all(keys.map(async (key) => buffer(await readDecrypted({ dir: target.files.dir, key: restoredKey }, key))));
    expect(contents.map((content) => content.length).sort()).toEqual(pages.map((page) => page.length).sort());
    for (const page of pages) expect(contents.some((content) => content.equals(page))).toBe(true);
    for (const key of keys) expect(statSync(path.join(target.files.dir, key.slice(0, 2), `${key}.enc`)).mode & 0o077).toBe(0);
  });

  it('refuses a FILES_KEY that is not the backup’s, and a files folder that is not empty, before writing anything', async () => {
    const wrongKey = restoreTarget('wrong-key', randomBytes(32).toString('base64'));
    await expect(restoreBackup(await openBackupFile(backupFile, KEY), { target: wrongKey, backupDir: BACKUP_DIR })).rejects.toThrow(
      /FILES_KEY is not the key the backup's files are encrypted with/,
    );
    expect(existsSync(wrongKey.dataDir) ? readdirSync(wrongKey.dataDir) : []).toEqual([]);

    const busy = restoreTarget('busy');
    mkdirSync(busy.files.dir, { recursive: true });
    writeFileSync(path.join(busy.files.dir, 'someone-else'), 'x');
    await expect(restoreBackup(await openBackupFile(backupFile, KEY), { target: busy, backupDir: BACKUP_DIR })).rejects.toThrow(TargetNotEmptyError);
    expect(existsSync(busy.dataDir) ? readdirSync(busy.dataDir) : []).toEqual([]);
  });

  it('a changed byte or a cut file fails the verification and the restore, which leaves nothing behind', async () => {
    const size = statSync(backupFile).size;
    const damaged = path.join(ROOT, 'damaged.age');
    copyFileSync(backupFile, damaged);
    const bytes = readFileSync(damaged);
    bytes[size - 1000] = bytes[size - 1000]! ^ 1; // inside the last stored file
    writeFileSync(damaged, bytes);
    await expect((async () => verifyBackup(await openBackupFile(damaged, KEY)))()).rejects.toThrow(/damaged/);

    const cut = path.join(ROOT, 'cut.age');
    copyFileSync(backupFile, cut);
    truncateSync(cut, size - 70_000);
    const target = restoreTarget('from-cut');
    await expect((async () => restoreBackup(await openBackupFile(cut, KEY), { target, backupDir: BACKUP_DIR }))()).rejects.toThrow(/damaged/);
    expect(readdirSync(target.dataDir)).toEqual([]);
    expect(existsSync(target.files.dir)).toBe(false);
  });

  it('a person erased after the backup comes back without their dossier or its files', async () => {
    const register = path.join(ROOT, 'register');
    recordErasure(register, { leads: [leadId], people: [personId] });
    const target = restoreTarget('after-erasure');
    const outcome = await restoreBackup(await openBackupFile(backupFile, KEY), { target, backupDir: register });
    expect(outcome).toMatchObject({ erasuresApplied: 1, files: 0 });
    expect(existsSync(target.files.dir) ? readdirSync(target.files.dir, { recursive: true }).filter((name) => String(name).endsWith('.enc')) : []).toEqual([]);
    await database.tearDown().catch(() => undefined);
    const { openAppDatabase } = await import('@/lib/db/client');
    await openAppDatabase({ dataDir: target.dataDir, databaseUrl: undefined });
    expect(await query('select id from dossier_files')).toEqual([]);
    expect(await query('select id from people where id = $1', [personId])).toEqual([]);
    await closeDb();
  });

  it('a file deleted between the snapshot and its copy is listed as gone, not as missing', async () => {
    const present = { storageKey: 'a'.repeat(32), open: async () => ({ bytes: 3, chunks: body(Buffer.from('abc')) }) };
    const deleted = { storageKey: 'b'.repeat(32), open: async () => null };
    const opened = await unpackBackup(packBackup({ takenAt: new Date().toISOString(), driver: 'pglite', manifest: { tables: [] } }, {}, [present, deleted]));
    const seen: string[] = [];
    const trailer = await opened.readFiles(async (entry, chunks) => void seen.push(`${entry.storageKey.slice(0, 1)}:${(await buffer(chunks)).toString()}`));
    expect(seen).toEqual(['a:abc']);
    expect(trailer).toMatchObject({ files: 1, bytes: 3, gone: ['b'.repeat(32)] });
  });
});
