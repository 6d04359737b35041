import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unpackBackup, type UnpackedBackup } from './archive';
import { listBackups } from './files';
import { decryptWith } from './key';

/** The newest backup of `dir`, or throws saying there is none. */
export function newestBackup(dir: string): string {
  const [newest] = listBackups(dir);
  if (!newest) throw new Error(`no backup in BACKUP_DIR ${dir}`);
  return path.join(dir, newest.name);
}

/** Reads, decrypts and unpacks a backup; a wrong key or a damaged file throws before anything else happens. */
export async function openBackupFile(file: string, key: string): Promise<UnpackedBackup> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return unpackBackup(await decryptWith(key, bytes));
}
