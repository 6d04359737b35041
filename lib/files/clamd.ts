import { createConnection, type Socket } from 'node:net';

/**
 * ClamAV's daemon through its INSTREAM command: the bytes go in chunks of a 4-byte length and the
 * data, a zero length ends them, clamd answers `stream: OK` or `stream: <signature> FOUND`.
 * `socket` is a Unix socket path or `host:port`.
 */
export type ScanVerdict = { clean: true } | { clean: false; signature: string };

export class ScannerUnavailableError extends Error {
  constructor(cause: string) {
    super(`virus scanner unavailable: ${cause}`);
    this.name = 'ScannerUnavailableError';
  }
}

const MAX_REPLY = 4096;
const TIMEOUT_MS = 60_000;

function connect(socket: string): Socket {
  const tcp = /^([^/:]+):(\d{1,5})$/.exec(socket);
  return tcp ? createConnection({ host: tcp[1]!, port: Number(tcp[2]) }) : createConnection({ path: socket });
}

export type StreamScan = { write(chunk: Uint8Array): Promise<void>; finish(): Promise<ScanVerdict>; abort(): void };

/** Opens one scan; write the file's bytes in order, then finish for the verdict. */
export function startScan(socket: string): StreamScan {
  const connection = connect(socket);
  connection.setTimeout(TIMEOUT_MS);
  let failure: Error | null = null;
  let reply = '';
  const closed = new Promise<void>((resolve) => {
    connection.on('data', (data: Buffer) => {
      if (reply.length < MAX_REPLY) reply += data.toString('utf8');
    });
    connection.on('error', (error) => {
      failure ??= new ScannerUnavailableError(error.message);
    });
    connection.on('timeout', () => {
      failure ??= new ScannerUnavailableError('timeout');
      connection.destroy();
    });
    connection.on('close', () => resolve());
  });
  connection.write('zINSTREAM\0');
  const send = (data: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      if (failure) return reject(failure);
      // Once clamd has answered (a size limit, an early verdict) it reads no more.
      if (reply || connection.destroyed) return resolve();
      if (connection.write(data)) resolve();
      else connection.once('drain', resolve);
    });
  return {
    async write(chunk) {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(chunk.length);
      await send(Buffer.concat([length, chunk]));
    },
    async finish() {
      await send(Buffer.alloc(4));
      connection.end();
      await closed;
      const text = reply.replace(/\0/g, '').trim();
      const found = /^stream: (.+) FOUND$/.exec(text);
      if (found) return { clean: false, signature: found[1]!.slice(0, 200) };
      if (text === 'stream: OK') return { clean: true };
      throw failure ?? new ScannerUnavailableError(text ? `unexpected answer ${JSON.stringify(text.slice(0, 100))}` : 'no answer');
    },
    abort() {
      connection.destroy();
    },
  };
}
