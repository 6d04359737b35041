import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { unpackBackup, type OpenedBackup } from './archive';
import { listBackups } from './files';
import { decryptStream } from './key';

/** The newest backup of `dir`, or throws saying there is none. */
export function newestBackup(dir: string): string {
  const [newest] = listBackups(dir);
  if (!newest) throw new Error(`no backup in BACKUP_DIR ${dir}`);
  return path.join(dir, newest.name);
}

/**
 * Opens a backup as it streams: a wrong key throws before anything else happens; the header and the
 * database parts are read now, the stored files later (`readFiles`), and a damaged or truncated file
 * throws where the damage is met.
 */
export async function openBackupFile(file: string, key: string): Promise<OpenedBackup> {
  try {
    await access(file);
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return unpackBackup(await decryptStream(key, createReadStream(file)));
}
