// The backups' key as age uses it: a passphrase (scrypt) opens what it encrypted and refuses
// another passphrase; an identity does the same for its recipient. One scrypt run costs seconds
// (three here: 18 s beside a CI run), so the end-to-end backup tests use identities and the
// passphrase case runs with them (`npm run test:backup`).
import { buffer } from 'node:stream/consumers';
import { generateX25519Identity } from 'age-encryption';
import { describe, expect, it } from 'vitest';
import { BackupKeyError, decryptStream, encryptStream } from '@/lib/backup/key';

async function* chunks(...parts: string[]) {
  for (const part of parts) yield Buffer.from(part);
}

const roundTrip = async (key: string, openWith: string) =>
  (await buffer(await decryptStream(openWith, await encryptStream(key, chunks('one backup, ', 'streamed'))))).toString();

describe('the backup key', { timeout: 60_000 }, () => {
  it.runIf(process.env.BACKUP_TESTS === '1')('a passphrase opens what it encrypted, and another one is refused before any byte', async () => {
    const passphrase = 'a passphrase long enough for scrypt';
    expect(await roundTrip(passphrase, passphrase)).toBe('one backup, streamed');
    await expect(roundTrip(passphrase, 'another passphrase of some length')).rejects.toThrow(BackupKeyError);
  });

  it('an identity opens what was encrypted to it, and another identity is refused', async () => {
    const identity = await generateX25519Identity();
    expect(await roundTrip(identity, identity)).toBe('one backup, streamed');
    await expect(roundTrip(identity, await generateX25519Identity())).rejects.toThrow(/this key does not open the backup/);
  });
});
