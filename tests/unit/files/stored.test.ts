import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readdirSync, readSync, rmSync, truncateSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

const { readDecrypted, StoredFileError, writeEncrypted } = await import('@/lib/files/store');

// A stored file's GCM tag is checked before a byte of its plaintext is handed out, and a byte
// changed on disk after that check stops the stream before that byte's block is decrypted.

const dir = mkdtempSync(path.join(tmpdir(), 'stored-'));
const store = { dir, key: randomBytes(32) };
const HEADER = 16;
const BLOCK = 256 * 1024;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function stored(plain: Buffer) {
  const staged = await writeEncrypted(store, Readable.from([plain]));
  await staged.commit();
  const file = path.join(dir, staged.storageKey.slice(0, 2), `${staged.storageKey}.enc`);
  return { key: staged.storageKey, file };
}

function flip(file: string, at: number) {
  const fd = openSync(file, 'r+');
  const byte = Buffer.alloc(1);
  readSync(fd, byte, 0, 1, at);
  byte[0] = byte[0]! ^ 0x01;
  writeSync(fd, byte, 0, 1, at);
  closeSync(fd);
}

/** The chunks a stream gives before it ends or fails, and its error. */
async function drain(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { bytes: Buffer.concat(chunks), error: null };
  } catch (error) {
    return { bytes: Buffer.concat(chunks), error };
  }
}

describe('a stored file served', () => {
  it('comes back whole over several blocks', async () => {
    const plain = randomBytes(3 * BLOCK + 1234);
    const { key } = await stored(plain);
    expect((await buffer(await readDecrypted(store, key))).equals(plain)).toBe(true);
  });

  it('is refused before any plaintext when a byte of it was changed, wherever it is', async () => {
    const plain = randomBytes(2 * BLOCK + 99);
    for (const at of [HEADER, HEADER + BLOCK + 7, HEADER + plain.length - 1, HEADER + plain.length + 3]) {
      const { key, file } = await stored(plain);
      flip(file, at);
      // Refused by the promise itself: no stream exists that could have sent a byte.
      await expect(readDecrypted(store, key)).rejects.toThrow(StoredFileError);
    }
  });

  it('is refused under another key and when cut short', async () => {
    const { key, file } = await stored(randomBytes(1000));
    await expect(readDecrypted({ dir, key: randomBytes(32) }, key)).rejects.toThrow(StoredFileError);
    truncateSync(file, 20);
    await expect(readDecrypted(store, key)).rejects.toThrow(StoredFileError);
  });

  it('stops before a block changed after the check, having sent only the blocks before it', async () => {
    const plain = randomBytes(4 * BLOCK);
    const { key, file } = await stored(plain);
    const stream = await readDecrypted(store, key);
    flip(file, HEADER + 2 * BLOCK + 5);
    const { bytes, error } = await drain(stream);
    expect(error).toBeInstanceOf(StoredFileError);
    expect(bytes.length).toBeLessThanOrEqual(2 * BLOCK);
    expect(bytes.equals(plain.subarray(0, bytes.length))).toBe(true);
  });

  it('closes its file when the stream is dropped unread', async () => {
    const { key } = await stored(randomBytes(5000));
    const before = readdirSync('/proc/self/fd').length;
    const streams = await Promise.all(Array.from({ length: 20 }, () => readDecrypted(store, key)));
    expect(readdirSync('/proc/self/fd').length).toBeGreaterThanOrEqual(before + 20);
    for (const stream of streams) stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readdirSync('/proc/self/fd').length).toBeLessThan(before + 5);
  });
});
