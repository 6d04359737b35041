import type { Manifest } from './manifest';

// One backup is one age file; inside, a plain container: a first line naming the format, a line of
// JSON (what the backup holds, and the length of each part), then the parts' bytes one after the other.

const MAGIC = 'maurice-expat-backup 1\n';

export type Driver = 'pglite' | 'pg';
/** The parts a backup may hold: the data-folder dump (PGlite), the SQL (both), the secrets (JSON). */
export type PartName = 'pglite.tar.gz' | 'database.sql' | 'secrets.json';

export type BackupHeader = {
  /** When the snapshot was taken (ISO): the register's erasures from then on are applied after a restore. */
  takenAt: string;
  driver: Driver;
  manifest: Manifest;
  parts: { name: PartName; bytes: number }[];
};

export type Secrets = { sessionSecret?: string; vapidKeys?: { publicKey: string; privateKey: string } };

export function packBackup(header: Omit<BackupHeader, 'parts'>, parts: Partial<Record<PartName, Uint8Array>>): Uint8Array {
  const entries = Object.entries(parts) as [PartName, Uint8Array][];
  const head = Buffer.from(`${MAGIC}${JSON.stringify({ ...header, parts: entries.map(([name, bytes]) => ({ name, bytes: bytes.length })) })}\n`);
  return Buffer.concat([head, ...entries.map(([, bytes]) => bytes)]);
}

export type UnpackedBackup = { header: BackupHeader; parts: Partial<Record<PartName, Buffer>> };

/** Reads a decrypted backup; throws when it is not one or its parts are cut short. */
export function unpackBackup(plaintext: Uint8Array): UnpackedBackup {
  const buffer = Buffer.from(plaintext.buffer, plaintext.byteOffset, plaintext.byteLength);
  if (buffer.subarray(0, MAGIC.length).toString() !== MAGIC) throw new Error('not a backup of this site (unknown format)');
  const end = buffer.indexOf(10, MAGIC.length);
  if (end < 0) throw new Error('the backup is damaged: no header');
  const header = JSON.parse(buffer.subarray(MAGIC.length, end).toString()) as BackupHeader;
  const parts: UnpackedBackup['parts'] = {};
  let offset = end + 1;
  for (const part of header.parts) {
    parts[part.name] = buffer.subarray(offset, offset + part.bytes);
    offset += part.bytes;
  }
  if (offset !== buffer.length) throw new Error(`the backup is damaged: ${buffer.length - offset} bytes more or less than its header says`);
  return { header, parts };
}
