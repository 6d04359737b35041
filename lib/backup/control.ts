import { chmodSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { BackupRun } from './runs';

// PGlite is one process per data folder: while the server holds it, `npm run data:backup` asks the
// server for the snapshot through a Unix socket in DATA_DIR (mode 0600: the folder's owner only),
// and hands back the outcome to record. Nothing else is served there.

export const CONTROL_SOCKET = 'backup.sock';
const SNAPSHOT_PATH = '/snapshot';
const RUNS_PATH = '/runs';

export const controlSocketOf = (dataDir: string) => path.join(dataDir, CONTROL_SOCKET);

/** The data folder as one gzip tarball, taken between two queries (PGlite runs one at a time). */
export async function snapshotPglite(pg: PGlite): Promise<Buffer> {
  await pg.exec('checkpoint');
  const tar = await pg.dumpDataDir('gzip');
  return Buffer.from(await tar.arrayBuffer());
}

type Handlers = { pg: PGlite; record: (run: BackupRun) => Promise<void> };

async function readBody(request: http.IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

/** In the server (PGlite only); the returned function closes it. */
export function serveBackupControl(dataDir: string, { pg, record }: Handlers): Promise<() => void> {
  const socket = controlSocketOf(dataDir);
  // The data-folder lock is held: a socket file left here is a dead server's.
  rmSync(socket, { force: true });
  const server = http.createServer((request, response) => {
    const answer = async () => {
      if (request.method === 'POST' && request.url === SNAPSHOT_PATH) {
        const tar = await snapshotPglite(pg);
        response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': tar.length }).end(tar);
      } else if (request.method === 'POST' && request.url === RUNS_PATH) {
        await record(JSON.parse(await readBody(request)) as BackupRun);
        response.writeHead(204).end();
      } else {
        response.writeHead(404).end();
      }
    };
    answer().catch((error: Error) => {
      console.error(`[backup] control socket: ${error.message}`);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
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

export const requestSnapshot = (dataDir: string) => call(dataDir, SNAPSHOT_PATH);
export const sendRun = (dataDir: string, run: BackupRun) => call(dataDir, RUNS_PATH, JSON.stringify(run)).then(() => undefined);
