import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createPrivateFileOnce, readPrivateFile } from '@/lib/auth/private-file';
import { config, filesKeyBytes } from '@/lib/config';
import type { FileStore } from './store';

export const FILES_KEY_FILE = 'files-key';

const checked = (text: string, origin: string) => {
  const bytes = filesKeyBytes(text);
  if (!bytes) throw new Error(`${origin} must hold 32 bytes in base64 or 64 hex digits.`);
  return bytes;
};

/**
 * FILES_KEY when set; otherwise a random key in DATA_DIR/files-key (mode 0600), made on first use.
 * Never in the database: a copy of the database alone opens no document.
 */
export function resolveFilesKey({ key, dataDir }: { key?: string; dataDir: string }): Buffer {
  if (key) return checked(key, 'FILES_KEY');
  const existing = readFilesKeyFile(dataDir);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, FILES_KEY_FILE);
  return checked(createPrivateFileOnce(file, randomBytes(32).toString('base64')), file);
}

/** DATA_DIR/files-key, or null when there is none (a restore checks it against the backup's key). */
export function readFilesKeyFile(dataDir: string): Buffer | null {
  const file = path.join(dataDir, FILES_KEY_FILE);
  try {
    return checked(readPrivateFile(file), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

let cached: FileStore | undefined;

export function getFileStore(): FileStore {
  cached ??= { dir: config.files.dir, key: resolveFilesKey({ key: config.files.key, dataDir: config.database.dataDir }) };
  return cached;
}

/** Tests point the store elsewhere. */
export function setFileStore(store: FileStore | undefined) {
  cached = store;
}
