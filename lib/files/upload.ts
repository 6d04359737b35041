import 'server-only';
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { startScan, ScannerUnavailableError, type StreamScan } from './clamd';
import { HeicLayoutError } from './heic';
import { cleanerFor, TruncatedFileError } from './strip';
import { FILE_TYPES, nameAgrees, sniffType, SNIFF_BYTES, type FileType } from './sniff';
import { writeEncrypted, type FileStore } from './store';

/** Why an upload was refused: a code the client's page translates (messages: DossierPage.errors). */
export type UploadErrorCode = 'too_large' | 'type_refused' | 'name_mismatch' | 'truncated' | 'virus_found' | 'scan_unavailable' | 'empty';

const STATUS: Record<UploadErrorCode, number> = {
  too_large: 413,
  type_refused: 415,
  name_mismatch: 415,
  truncated: 400,
  empty: 400,
  virus_found: 422,
  scan_unavailable: 503,
};

export class UploadError extends Error {
  readonly status: number;
  constructor(
    readonly code: UploadErrorCode,
    readonly signature?: string,
  ) {
    super(`upload refused: ${code}`);
    this.name = 'UploadError';
    this.status = STATUS[code];
  }
}

export type UploadInput = {
  body: AsyncIterable<Uint8Array>;
  name: string;
  /** The size the client announced (Content-Length); the received bytes must match it. */
  declaredBytes: number | null;
  maxBytes: number;
  store: FileStore;
  clamavSocket?: string;
};

export type StagedFile = {
  storageKey: string;
  type: FileType;
  mime: string;
  /** The size and SHA-256 of what is stored (metadata removed), before encryption. */
  bytes: number;
  sha256: string;
  commit(): Promise<void>;
  discard(): Promise<void>;
};

/** The body, capped: past `maxBytes` it fails at once, without reading the rest. */
async function* capped(body: AsyncIterable<Uint8Array>, maxBytes: number, declared: number | null) {
  let received = 0;
  for await (const chunk of body) {
    received += chunk.length;
    if (received > maxBytes) throw new UploadError('too_large');
    if (declared !== null && received > declared) throw new UploadError('truncated');
    yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  }
  if (declared !== null && received !== declared) throw new UploadError('truncated');
}

/** The first bytes (enough to tell the type) and the rest of the stream, unchanged. */
async function peek(source: AsyncIterator<Buffer>): Promise<{ head: Buffer; rest: AsyncIterable<Buffer> }> {
  let head = Buffer.alloc(0);
  while (head.length < SNIFF_BYTES) {
    const next = await source.next();
    if (next.done) break;
    head = Buffer.concat([head, next.value]);
  }
  async function* rest() {
    if (head.length) yield head;
    for (;;) {
      const next = await source.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, rest: rest() };
}

/**
 * Checks, cleans, scans and encrypts one upload into a temporary file, streamed (only a header
 * segment is ever held whole); the caller commits it once the database row is written. Throws
 * UploadError with nothing left on disk.
 */
export async function stageUpload(input: UploadInput): Promise<StagedFile> {
  if (input.declaredBytes !== null && input.declaredBytes > input.maxBytes) throw new UploadError('too_large');
  const source = capped(input.body, input.maxBytes, input.declaredBytes)[Symbol.asyncIterator]();
  const { head, rest } = await peek(source).catch((error: unknown) => {
    throw translate(error);
  });
  if (head.length === 0) throw new UploadError('empty');
  const type = sniffType(head);
  if (!type) throw new UploadError('type_refused');
  if (!nameAgrees(input.name, type)) throw new UploadError('name_mismatch');
  const hash = createHash('sha256');
  let bytes = 0;
  const scan: StreamScan | null = input.clamavSocket ? startScan(input.clamavSocket) : null;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      if (!scan) return callback(null, chunk);
      scan.write(chunk).then(() => callback(null, chunk), callback);
    },
  });
  let staged: Awaited<ReturnType<typeof writeEncrypted>>;
  try {
    staged = await writeEncrypted(input.store, rest, { through: [cleanerFor(type), tap] });
  } catch (error) {
    scan?.abort();
    throw translate(error);
  }
  if (scan) {
    const verdict = await scan.finish().catch(async (error: unknown) => {
      await staged.discard();
      throw translate(error);
    });
    if (!verdict.clean) {
      await staged.discard();
      throw new UploadError('virus_found', verdict.signature);
    }
  }
  return {
    storageKey: staged.storageKey,
    type,
    mime: FILE_TYPES[type].mime,
    bytes,
    sha256: hash.digest('hex'),
    commit: staged.commit,
    discard: staged.discard,
  };
}

function translate(error: unknown): unknown {
  if (error instanceof UploadError) return error;
  if (error instanceof TruncatedFileError) return new UploadError('truncated');
  if (error instanceof HeicLayoutError) return new UploadError('type_refused');
  if (error instanceof ScannerUnavailableError) return new UploadError('scan_unavailable');
  const code = (error as NodeJS.ErrnoException | null)?.code;
  // The client went away mid-body.
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || (error as Error | null)?.name === 'AbortError') return new UploadError('truncated');
  return error;
}
