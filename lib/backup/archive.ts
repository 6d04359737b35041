import type { Manifest } from './manifest';

// One backup is one age file; inside, a plain container: a first line naming the format, a line of
// JSON (what the backup holds, and the length of each part), then the parts' bytes one after the
// other. Format 2 adds, after the parts, the dossiers' stored files, streamed (never whole in
// memory): for each, a line of JSON (its storage key and length) and its bytes as they sit in
// FILES_DIR (already encrypted with the files' key, which is in the secrets); then a closing line
// that counts them. A backup cut short anywhere fails to open instead of restoring part of it.

const MAGIC_V1 = 'maurice-expat-backup 1\n';
const MAGIC = 'maurice-expat-backup 2\n';

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

export type Secrets = {
  sessionSecret?: string;
  vapidKeys?: { publicKey: string; privateKey: string };
  /** The key the stored files are encrypted with (base64), FILES_KEY or DATA_DIR/files-key. */
  filesKey?: string;
};

/** One stored file as the backup carries it: its storage key and its bytes, encrypted as stored. */
export type FileEntry = { storageKey: string; bytes: number };
/** A stored file to put in a backup: null when it was deleted since the snapshot (an erasure, a retention). */
export type FileSource = { storageKey: string; open: () => Promise<{ bytes: number; chunks: AsyncIterable<Uint8Array> } | null> };
/** How the file section ends: the files carried, and those deleted between the snapshot and their copy. */
export type FilesTrailer = { end: true; files: number; bytes: number; gone: string[] };

/** The plaintext of a backup, as a stream: header, parts, then each stored file as it is read. */
export async function* packBackup(
  header: Omit<BackupHeader, 'parts'>,
  parts: Partial<Record<PartName, Uint8Array>>,
  files: Iterable<FileSource> = [],
  onEnd: (trailer: FilesTrailer) => void = () => undefined,
): AsyncGenerator<Uint8Array> {
  const entries = Object.entries(parts) as [PartName, Uint8Array][];
  yield Buffer.from(`${MAGIC}${JSON.stringify({ ...header, parts: entries.map(([name, bytes]) => ({ name, bytes: bytes.length })) })}\n`);
  for (const [, bytes] of entries) yield bytes;
  const trailer: FilesTrailer = { end: true, files: 0, bytes: 0, gone: [] };
  for (const file of files) {
    const opened = await file.open();
    if (!opened) {
      trailer.gone.push(file.storageKey);
      continue;
    }
    yield Buffer.from(`${JSON.stringify({ storageKey: file.storageKey, bytes: opened.bytes } satisfies FileEntry)}\n`);
    let sent = 0;
    for await (const chunk of opened.chunks) {
      sent += chunk.length;
      if (sent > opened.bytes) break;
      yield chunk;
    }
    if (sent !== opened.bytes) throw new Error(`stored file ${file.storageKey} changed while it was copied (${sent} bytes, expected ${opened.bytes})`);
    trailer.files += 1;
    trailer.bytes += opened.bytes;
  }
  yield Buffer.from(`${JSON.stringify(trailer)}\n`);
  onEnd(trailer);
}

/** Reads exact lengths and lines from a stream of chunks, holding only what is asked for. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private readonly source: AsyncIterator<Uint8Array>;
  constructor(source: AsyncIterable<Uint8Array>) {
    this.source = source[Symbol.asyncIterator]();
  }

  private async fill(): Promise<boolean> {
    const next = await this.source.next();
    if (next.done) return false;
    const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    this.buffered.push(chunk);
    this.length += chunk.length;
    return true;
  }

  private take(bytes: number): Buffer {
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered, this.length);
    const taken = all.subarray(0, bytes);
    const rest = all.subarray(bytes);
    this.buffered = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return taken;
  }

  async exactly(bytes: number, what: string): Promise<Buffer> {
    while (this.length < bytes) if (!(await this.fill())) throw new Error(`the backup is damaged: it ends inside ${what}`);
    return this.take(bytes);
  }

  /** A line of at most `limit` bytes, without its newline. */
  async line(what: string, limit = 64 << 20): Promise<string> {
    let searched = 0;
    for (;;) {
      const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered, this.length);
      this.buffered = all.length > 0 ? [all] : [];
      const end = all.indexOf(10, searched);
      if (end >= 0)
        return this.take(end + 1)
          .subarray(0, end)
          .toString('utf8');
      searched = all.length;
      if (searched > limit) throw new Error(`the backup is damaged: ${what} is too long`);
      if (!(await this.fill())) throw new Error(`the backup is damaged: it ends inside ${what}`);
    }
  }

  /** The next `state.left` bytes, as chunks, without holding them; `state.left` counts what is still unread. */
  async *stream(state: { left: number }, what: string): AsyncGenerator<Buffer> {
    while (state.left > 0) {
      if (this.length === 0 && !(await this.fill())) throw new Error(`the backup is damaged: it ends inside ${what}`);
      const chunk = this.take(Math.min(state.left, this.length));
      state.left -= chunk.length;
      yield chunk;
    }
  }

  async atEnd(): Promise<boolean> {
    return this.length === 0 && !(await this.fill());
  }
}

export type OpenedBackup = {
  header: BackupHeader;
  parts: Partial<Record<PartName, Buffer>>;
  /**
   * The stored files, in order, each handed to `onFile` with its bytes as a stream the callback must
   * read to the end (or return without reading: the rest is skipped). Resolves with the trailer once
   * the whole backup has been read and found complete; throws when it is cut short or damaged. A
   * format-1 backup has no files.
   */
  readFiles: (onFile: (entry: FileEntry, chunks: AsyncIterable<Buffer>) => Promise<void>) => Promise<FilesTrailer>;
};

/** The secrets a backup holds (`secrets.json`), or none. */
export function secretsOf(backup: Pick<OpenedBackup, 'parts'>): Secrets {
  return JSON.parse(backup.parts['secrets.json']?.toString('utf8') ?? '{}') as Secrets;
}

/** Reads a decrypted backup as it streams: header and parts now, the files through `readFiles`. */
export async function unpackBackup(plaintext: AsyncIterable<Uint8Array>): Promise<OpenedBackup> {
  const reader = new ByteReader(plaintext);
  const magic = `${await reader.line('the format line', 64)}\n`;
  if (magic !== MAGIC && magic !== MAGIC_V1) throw new Error('not a backup of this site (unknown format)');
  const header = JSON.parse(await reader.line('the header')) as BackupHeader;
  const parts: OpenedBackup['parts'] = {};
  for (const part of header.parts) parts[part.name] = await reader.exactly(part.bytes, `the part ${part.name}`);
  const finish = async (trailer: FilesTrailer) => {
    if (!(await reader.atEnd())) throw new Error('the backup is damaged: bytes after its end');
    return trailer;
  };
  let read = false;
  return {
    header,
    parts,
    readFiles: async (onFile) => {
      if (read) throw new Error('the files of a backup are read once');
      read = true;
      if (magic === MAGIC_V1) return finish({ end: true, files: 0, bytes: 0, gone: [] });
      for (let files = 0, bytes = 0; ;) {
        const line = JSON.parse(await reader.line('a file entry', 4096)) as FileEntry | FilesTrailer;
        if ('end' in line) {
          if (line.files !== files || line.bytes !== bytes) throw new Error(`the backup is damaged: ${files} files read, its end says ${line.files}`);
          return finish(line);
        }
        if (!/^[0-9a-f]{32}$/.test(line.storageKey) || !Number.isSafeInteger(line.bytes) || line.bytes < 0) {
          throw new Error('the backup is damaged: a file entry is malformed');
        }
        const what = `the file ${line.storageKey}`;
        const state = { left: line.bytes };
        await onFile(line, reader.stream(state, what));
        for await (const chunk of reader.stream(state, what)) void chunk; // what the callback left unread
        files += 1;
        bytes += line.bytes;
      }
    },
  };
}
