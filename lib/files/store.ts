import 'server-only';
import { createCipheriv, createDecipheriv, createHash, randomBytes, type DecipherGCM } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Encrypted files in a folder several instances share (FILES_DIR): each file is `MDF1`, a random
 * 12-byte IV, the AES-256-GCM ciphertext and its 16-byte tag, under `<2 hex>/<32 hex>.enc`. Written
 * under a hidden temporary name, then renamed: a file with its final name is complete.
 */
const MAGIC = Buffer.from('MDF1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + IV_BYTES;
const KEY_PATTERN = /^[0-9a-f]{32}$/;

export type FileStore = { dir: string; key: Buffer };

export const newStorageKey = () => randomBytes(16).toString('hex');

function finalPath(store: FileStore, storageKey: string): string {
  if (!KEY_PATTERN.test(storageKey)) throw new TypeError('bad storage key');
  return path.join(store.dir, storageKey.slice(0, 2), `${storageKey}.enc`);
}

export const temporaryDir = (store: Pick<FileStore, 'dir'>) => path.join(store.dir, '.partial');

/**
 * Removes the temporary files a stopped process left mid-write (a crash, kill -9, a lost disk): those
 * older than `olderThanMs`. A write in progress on any instance touches its file as it goes, and no
 * upload lasts an hour (DOSSIER_MAX_FILE_MB at a slow phone's pace is minutes). Returns how many went.
 */
export async function sweepPartials(store: Pick<FileStore, 'dir'>, { olderThanMs, now = Date.now() }: { olderThanMs: number; now?: number }) {
  const dir = temporaryDir(store);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.partial')) continue;
    const file = path.join(dir, name);
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs < olderThanMs) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/**
 * Writes `stages` (a source and its transforms) into a temporary file of `storageKey`, synced;
 * `commit()` moves it into place, `discard()` removes it. A failure leaves nothing on disk.
 */
async function writeStaged(store: FileStore, storageKey: string, stages: NodeJS.ReadableStream[]) {
  const target = finalPath(store, storageKey);
  await mkdir(temporaryDir(store), { recursive: true, mode: 0o700 });
  const temporary = path.join(temporaryDir(store), `${storageKey}.${process.pid}.partial`);
  const writer = createWriteStream(temporary, { mode: 0o600, flags: 'wx' });
  try {
    await pipeline([...stages, writer]);
    const handle = await open(temporary, 'r+');
    await handle.sync().finally(() => handle.close());
  } catch (error) {
    // The pipeline rejects before the writer has closed, and an open still in flight would create the
    // file after the removal: wait for the writer to close, then remove.
    if (!writer.closed) await new Promise<void>((resolve) => writer.once('close', () => resolve()));
    await rm(temporary, { force: true });
    throw error;
  }
  return {
    storageKey,
    async commit() {
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await rename(temporary, target);
    },
    discard: () => rm(temporary, { force: true }),
  };
}

/**
 * The bytes a file's stages handle at a time. A socket hands an upload over in pieces of a few to
 * 64 KB, and each piece cost every stage (type check, hash, cipher, the file write and its async
 * bookkeeping) a round of its own on the event loop that also serves the pages: ten 20 MB uploads
 * made ~13,000 file writes. Gathered into pieces of this size, the same uploads take a fraction of
 * the calls; ten uploads at once hold ten of them.
 */
const PIECE_BYTES = 256 * 1024;

/** Gathers a stream's chunks into pieces of `PIECE_BYTES` (the last one shorter). */
function inPieces(): Transform {
  let held: Buffer[] = [];
  let heldBytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes < PIECE_BYTES) return callback();
      const piece = Buffer.concat(held, heldBytes);
      held = [];
      heldBytes = 0;
      callback(null, piece);
    },
    flush(callback) {
      callback(null, heldBytes > 0 ? Buffer.concat(held, heldBytes) : undefined);
    },
  });
}

/** Encrypts `source` (through the `through` transforms) into a temporary file; `commit()` moves it into place, `discard()` removes it. */
export async function writeEncrypted(
  store: FileStore,
  source: Readable | AsyncIterable<Uint8Array>,
  { through = [], storageKey = newStorageKey() }: { through?: Transform[]; storageKey?: string } = {},
) {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', store.key, iv);
  let header = true;
  const framed = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (header) {
        this.push(Buffer.concat([MAGIC, iv]));
        header = false;
      }
      callback(null, chunk);
    },
    flush(callback) {
      if (header) this.push(Buffer.concat([MAGIC, iv]));
      callback();
    },
  });
  const withTag = new Transform({
    transform: (chunk, _encoding, callback) => callback(null, chunk),
    flush(callback) {
      callback(null, cipher.getAuthTag());
    },
  });
  return writeStaged(store, storageKey, [Readable.from(source), inPieces(), ...through, cipher, withTag, framed]);
}

/** A stored file whose bytes do not open with the key: changed on disk, cut short, or another key's. */
export class StoredFileError extends Error {
  constructor(reason: string) {
    super(`stored file refused: ${reason}`);
    this.name = 'StoredFileError';
  }
}

/** The ciphertext is read in blocks of this size, in both passes of readDecrypted. */
const READ_BLOCK = 256 * 1024;

/** The ciphertext of an open stored file, block by block, each read into `into` (reused). */
async function* ciphertextBlocks(handle: FileHandle, size: number, into: Buffer) {
  const end = size - TAG_BYTES;
  let position = HEADER_BYTES;
  while (position < end) {
    const length = Math.min(into.length, end - position);
    const { bytesRead } = await handle.read(into, 0, length, position);
    if (bytesRead !== length) throw new StoredFileError('shorter than when opened');
    yield into.subarray(0, length);
    position += length;
  }
}

const blockDigest = (block: Buffer) => createHash('sha256').update(block).digest();

/**
 * The plaintext of a stored file, streamed, and never a byte of it before its GCM tag is checked: a
 * first pass decrypts the whole file to check the tag (and keeps a SHA-256 of each ciphertext
 * block), then the second pass sends the plaintext, each block compared with its digest before it is
 * decrypted, so a byte changed between the passes stops the stream before it leaves. Throws
 * StoredFileError when the file does not open. The second pass reads only when the caller reads.
 */
export async function readDecrypted(store: FileStore, storageKey: string): Promise<Readable> {
  const handle = await open(finalPath(store, storageKey), 'r');
  let digests: Buffer[];
  let iv: Buffer;
  let tag: Buffer;
  let size: number;
  try {
    ({ size } = await handle.stat());
    if (size < HEADER_BYTES + TAG_BYTES) throw new StoredFileError('too short');
    const head = Buffer.alloc(HEADER_BYTES);
    tag = Buffer.alloc(TAG_BYTES);
    await handle.read(head, 0, HEADER_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
    if (!head.subarray(0, MAGIC.length).equals(MAGIC)) throw new StoredFileError('not a stored file');
    iv = head.subarray(MAGIC.length);
    const check = createDecipheriv('aes-256-gcm', store.key, iv);
    check.setAuthTag(tag);
    digests = [];
    for await (const block of ciphertextBlocks(handle, size, Buffer.alloc(READ_BLOCK))) {
      check.update(block);
      digests.push(blockDigest(block));
    }
    try {
      check.final();
    } catch {
      throw new StoredFileError('its tag does not match');
    }
  } catch (error) {
    await handle.close();
    throw error;
  }
  async function* plaintext() {
    const decipher = createDecipheriv('aes-256-gcm', store.key, iv);
    decipher.setAuthTag(tag);
    let index = 0;
    for await (const block of ciphertextBlocks(handle, size, Buffer.alloc(READ_BLOCK))) {
      if (!blockDigest(block).equals(digests[index]!)) throw new StoredFileError('changed while being read');
      index += 1;
      yield decipher.update(block);
    }
    const last = decipher.final();
    if (last.length > 0) yield last;
  }
  const stream = Readable.from(plaintext(), { objectMode: false });
  // On 'close', not in the generator: a stream destroyed before its first read never runs the generator's finally.
  stream.once('close', () => void handle.close().catch(() => undefined));
  return stream;
}

export async function deleteStored(store: FileStore, storageKeys: readonly string[]): Promise<void> {
  await Promise.all(storageKeys.map((storageKey) => rm(finalPath(store, storageKey), { force: true })));
}

export async function storedExists(store: FileStore, storageKey: string): Promise<boolean> {
  return stat(finalPath(store, storageKey)).then(
    () => true,
    () => false,
  );
}

/** A stored file's bytes as they sit in FILES_DIR (encrypted), for a backup; null when it is gone. */
export async function openStoredRaw(store: FileStore, storageKey: string): Promise<{ bytes: number; chunks: AsyncIterable<Uint8Array> } | null> {
  let handle;
  try {
    handle = await open(finalPath(store, storageKey), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  // Open before its size is read: a deletion meanwhile leaves this copy readable to its end.
  const { size } = await handle.stat();
  return { bytes: size, chunks: handle.createReadStream({ autoClose: true }) };
}

/** Puts back a stored file's encrypted bytes as a backup carried them: temporary name, synced, renamed. */
export async function writeStoredRaw(store: FileStore, storageKey: string, chunks: AsyncIterable<Uint8Array>): Promise<void> {
  await (await writeStaged(store, storageKey, [Readable.from(chunks)])).commit();
}

/**
 * Opens a stored file's encrypted bytes as they stream by (a backup's copy): its plaintext's size
 * and SHA-256, to compare with its row. Throws when the bytes do not open with `key` (another key,
 * a changed byte, a file cut short).
 */
export async function checkStoredBytes(key: Buffer, chunks: AsyncIterable<Uint8Array>): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  let decipher: DecipherGCM | undefined;
  let bytes = 0;
  const take = (plain: Buffer) => {
    bytes += plain.length;
    hash.update(plain);
  };
  for await (const raw of chunks) {
    let chunk = Buffer.from(raw);
    if (!decipher) {
      head = Buffer.concat([head, chunk]);
      if (head.length < HEADER_BYTES) continue;
      if (!head.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a stored file');
      decipher = createDecipheriv('aes-256-gcm', key, head.subarray(MAGIC.length, HEADER_BYTES));
      chunk = head.subarray(HEADER_BYTES);
    }
    // The last 16 bytes are the tag: hold them back until the end.
    const joined = Buffer.concat([tail, chunk]);
    const cut = Math.max(0, joined.length - TAG_BYTES);
    take(decipher.update(joined.subarray(0, cut)));
    tail = joined.subarray(cut);
  }
  if (!decipher || tail.length < TAG_BYTES) throw new Error('stored file too short');
  decipher.setAuthTag(tail);
  take(decipher.final());
  return { bytes, sha256: hash.digest('hex') };
}
