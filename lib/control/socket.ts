import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import path from 'node:path';

// A Unix socket in DATA_DIR through which the command-line scripts reach a running server whose
// embedded database they cannot open (PGlite allows one process per data folder): one JSON line
// in, one JSON line out. The folder is the server's own (0700) and the socket 0600: only the
// account that runs the site can connect, the same account that could read the data itself.

export const CONTROL_SOCKET = 'control.sock';
const MAX_REQUEST_BYTES = 4096;
const CLIENT_TIMEOUT_MS = 30_000;

export type ControlAnswer = { ok: true; message: string } | { ok: false; message: string };

export const controlSocketPath = (dataDir: string) => path.join(dataDir, CONTROL_SOCKET);

/** Serves `handle` on DATA_DIR/control.sock; a request over 4 KB or not JSON is refused. */
export function startControlSocket({ dataDir, handle }: { dataDir: string; handle: (request: unknown) => Promise<ControlAnswer> }): Server {
  const socketPath = controlSocketPath(dataDir);
  // A socket file left by a process that died: this process holds the data folder's lock now.
  rmSync(socketPath, { force: true });
  const server = createServer((connection) => {
    let buffer = '';
    connection.setEncoding('utf8');
    connection.setTimeout(CLIENT_TIMEOUT_MS, () => connection.destroy());
    connection.on('error', () => undefined);
    connection.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_REQUEST_BYTES) return connection.end(`${JSON.stringify({ ok: false, message: 'Request too large.' })}\n`);
      const end = buffer.indexOf('\n');
      if (end < 0) return;
      let request: unknown;
      try {
        request = JSON.parse(buffer.slice(0, end));
      } catch {
        return connection.end(`${JSON.stringify({ ok: false, message: 'Not JSON.' })}\n`);
      }
      connection.pause();
      handle(request).then(
        (answer) => connection.end(`${JSON.stringify(answer)}\n`),
        (error: unknown) => connection.end(`${JSON.stringify({ ok: false, message: error instanceof Error ? error.message : 'Failed.' })}\n`),
      );
    });
  });
  server.on('error', (error) => console.error(`Control socket ${socketPath}: ${error.message}`));
  server.listen(socketPath, () => chmodSync(socketPath, 0o600));
  server.unref();
  return server;
}

/** Sends one request to the server that holds DATA_DIR; rejects when none listens. */
export function sendControlRequest({ dataDir, request }: { dataDir: string; request: unknown }): Promise<ControlAnswer> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(controlSocketPath(dataDir));
    let answer = '';
    connection.setEncoding('utf8');
    connection.setTimeout(CLIENT_TIMEOUT_MS, () => connection.destroy(new Error('The server did not answer within 30 s.')));
    connection.on('connect', () => connection.write(`${JSON.stringify(request)}\n`));
    connection.on('data', (chunk: string) => (answer += chunk));
    connection.on('error', reject);
    connection.on('end', () => {
      try {
        resolve(JSON.parse(answer) as ControlAnswer);
      } catch {
        reject(new Error('The server gave no answer.'));
      }
    });
  });
}
