import { chmodSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { isAlive } from '@/lib/db/data-dir-lock';
import { dropBackupSlot, startBaseBackup, stopBaseBackup, type BaseBackupControl } from './base-backup';
import type { BackupRun } from './runs';

// PGlite is one process per data folder: while the server holds it, `npm run data:backup` asks the
// server through a Unix socket in DATA_DIR (mode 0600: the folder's owner only) to start and to stop
// an online backup (base-backup.ts), and hands back the outcome to record. Nothing else is served there.

export const CONTROL_SOCKET = 'backup.sock';
const START_PATH = '/base-backup/start';
const STOP_PATH = '/base-backup/stop';
const RUNS_PATH = '/runs';
/** How often the server looks whether the script holding a backup died before stopping it. */
const HOLDER_CHECK_MS = 30_000;

export const controlSocketOf = (dataDir: string) => path.join(dataDir, CONTROL_SOCKET);

/**
 * One backup at a time, held by the script's process: a second script is refused while the first
 * lives; a script killed half-way has its backup ended by the server (else the log would grow).
 */
function backupLease(pg: PGlite) {
  let holder: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  const release = () => {
    holder = undefined;
    clearInterval(timer);
  };
  const abandon = async () => {
    if (holder === undefined || isAlive(holder)) return;
    release();
    await stopBaseBackup(pg).catch((error: Error) => console.error(`[backup] ending an abandoned backup: ${error.message}`));
  };
  return {
    start: async (pid: number) => {
      await abandon();
      if (holder !== undefined) throw new BusyError(`a backup is already being taken (process ${holder})`);
      holder = pid;
      timer = setInterval(() => void abandon(), HOLDER_CHECK_MS).unref();
      try {
        return await startBaseBackup(pg);
      } catch (error) {
        release();
        throw error;
      }
    },
    stop: async (pid: number) => {
      if (holder !== pid) throw new BusyError('no backup of this process is under way');
      release();
      return stopBaseBackup(pg);
    },
  };
}

class BusyError extends Error {}

type Handlers = { pg: PGlite; record: (run: BackupRun) => Promise<void> };

async function readBody(request: http.IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

/** In the server (PGlite only); the returned function closes it. */
export async function serveBackupControl(dataDir: string, { pg, record }: Handlers): Promise<() => void> {
  const socket = controlSocketOf(dataDir);
  // The data-folder lock is held: a socket file, or a backup's slot, left here is a dead server's.
  rmSync(socket, { force: true });
  await dropBackupSlot(pg);
  const lease = backupLease(pg);
  const server = http.createServer((request, response) => {
    const json = (value: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const answer = async () => {
      if (request.method === 'POST' && (request.url === START_PATH || request.url === STOP_PATH)) {
        const { pid } = JSON.parse(await readBody(request)) as { pid: number };
        json(await (request.url === START_PATH ? lease.start(pid) : lease.stop(pid)));
      } else if (request.method === 'POST' && request.url === RUNS_PATH) {
        await record(JSON.parse(await readBody(request)) as BackupRun);
        response.writeHead(204).end();
      } else {
        response.writeHead(404).end();
      }
    };
    answer().catch((error: Error) => {
      if (!(error instanceof BusyError)) console.error(`[backup] control socket: ${error.message}`);
      if (!response.headersSent) response.writeHead(error instanceof BusyError ? 409 : 500, { 'content-type': 'text/plain' });
      response.end(error.message);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      chmodSync(socket, 0o600);
      server.unref();
      resolve(() => {
        server.close();
        rmSync(socket, { force: true });
      });
    });
  });
}

function call(dataDir: string, url: string, body?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: controlSocketOf(dataDir), path: url, method: 'POST' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const data = Buffer.concat(chunks);
        if (response.statusCode && response.statusCode < 300) resolve(data);
        else reject(new Error(`the running server refused (${response.statusCode}): ${data.toString().slice(0, 300)}`));
      });
      response.on('error', reject);
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `the server holding ${dataDir} does not answer on ${controlSocketOf(dataDir)} (${error.code ?? error.message}); a server older than the backups cannot be backed up while it runs`,
        ),
      ),
    );
    request.end(body);
  });
}

/** The running server's side of a base backup, asked for by this process. */
export const serverControl = (dataDir: string): BaseBackupControl => {
  const ask = async (url: string) => JSON.parse((await call(dataDir, url, JSON.stringify({ pid: process.pid }))).toString('utf8'));
  return { start: () => ask(START_PATH), stop: () => ask(STOP_PATH) };
};
export const sendRun = (dataDir: string, run: BackupRun) => call(dataDir, RUNS_PATH, JSON.stringify(run)).then(() => undefined);
