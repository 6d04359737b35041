import { readFileSync } from 'node:fs';
import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter, identityToRecipient } from 'age-encryption';
import { isBackupKey, type BackupConfig } from '@/lib/config';

// The backups are age files (age-encryption.org/v1): to an X25519 recipient when the key is an age
// identity, else with a scrypt passphrase. The format and its cipher are age's; nothing here is one.

export class BackupKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupKeyError';
  }
}

/** BACKUP_KEY, or the content of BACKUP_KEY_FILE; throws BackupKeyError naming what is missing. */
export function readBackupKey({ key, keyFile }: Pick<BackupConfig, 'key' | 'keyFile'>): string {
  if (key) return key;
  if (!keyFile) throw new BackupKeyError('no backup key: set BACKUP_KEY or BACKUP_KEY_FILE');
  let content: string;
  try {
    content = readFileSync(keyFile, 'utf8');
  } catch (error) {
    throw new BackupKeyError(`BACKUP_KEY_FILE ${keyFile} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  // age-keygen writes comment lines before the identity.
  const value =
    content
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '' && !line.startsWith('#')) ?? '';
  if (!isBackupKey(value)) throw new BackupKeyError(`BACKUP_KEY_FILE ${keyFile} holds neither an age identity nor a passphrase of 16+ characters`);
  return value;
}

export function hasBackupKey(backup: Pick<BackupConfig, 'key' | 'keyFile'>): boolean {
  return Boolean(backup.key || backup.keyFile);
}

const isIdentity = (key: string) => key.startsWith('AGE-SECRET-KEY-');

/** The web stream age reads (Node's global ReadableStream, which `lib.dom` does not type with `from`). */
const webStream = (chunks: AsyncIterable<Uint8Array>) => NodeReadableStream.from(chunks) as unknown as ReadableStream<Uint8Array>;

/** The age ciphertext of `plaintext`, as a stream: a backup is never whole in memory. */
export async function encryptStream(key: string, plaintext: AsyncIterable<Uint8Array>): Promise<AsyncIterable<Uint8Array>> {
  const encrypter = new Encrypter();
  if (isIdentity(key)) encrypter.addRecipient(await identityToRecipient(key));
  else encrypter.setPassphrase(key);
  return (await encrypter.encrypt(webStream(plaintext))) as unknown as AsyncIterable<Uint8Array>;
}

const keyRefused = (message: string) => /no identity matched|incorrect passphrase/i.test(message);

/**
 * Decrypts as it streams. The header is checked first: a wrong key throws BackupKeyError here,
 * before any byte is used; each 64 KiB chunk is authenticated before it is handed on, and a file
 * cut short or altered fails where it is found.
 */
export async function decryptStream(key: string, ciphertext: AsyncIterable<Uint8Array>): Promise<AsyncIterable<Uint8Array>> {
  const decrypter = new Decrypter();
  if (isIdentity(key)) decrypter.addIdentity(key);
  else decrypter.addPassphrase(key);
  let plaintext: AsyncIterable<Uint8Array>;
  try {
    plaintext = (await decrypter.decrypt(webStream(ciphertext))) as unknown as AsyncIterable<Uint8Array>;
  } catch (error) {
    const message = (error as Error).message;
    if (keyRefused(message)) throw new BackupKeyError(`this key does not open the backup (wrong BACKUP_KEY?): ${message}`);
    throw new Error(`the backup is damaged: ${message}`);
  }
  return (async function* () {
    try {
      yield* plaintext;
    } catch (error) {
      throw new Error(`the backup is damaged: ${(error as Error).message}`);
    }
  })();
}
