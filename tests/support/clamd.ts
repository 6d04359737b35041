import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';

/**
 * A real ClamAV daemon (Debian's clamav-daemon) on a Unix socket in `dir`, whose only signatures
 * are those given (a hash signature per test file: `md5:size:name`): no download, no freshclam.
 */
export const CLAMD = ['/usr/sbin/clamd', '/usr/bin/clamd'].find((file) => existsSync(file)) ?? null;

export function clamdMissing(): string | undefined {
  if (CLAMD) return undefined;
  const reason = 'clamd not found (apt-get install -y clamav-daemon)';
  if (process.env.CI) throw new Error(`${reason}: under CI the ClamAV test fails instead of skipping`);
  return `${reason}: skipping the ClamAV test`;
}

export const hashSignature = (bytes: Uint8Array, name: string) => `${createHash('md5').update(bytes).digest('hex')}:${bytes.length}:${name}`;

function ping(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = createConnection({ path: socket });
    let answer = '';
    connection.on('connect', () => connection.write('zPING\0'));
    connection.on('data', (data) => (answer += data.toString()));
    connection.on('error', () => resolve(false));
    connection.on('close', () => resolve(answer.startsWith('PONG')));
  });
}

export async function startClamd(dir: string, signatures: string[]): Promise<{ socket: string; stop: () => void }> {
  const database = path.join(dir, 'db');
  mkdirSync(database, { recursive: true });
  writeFileSync(path.join(database, 'test.hdb'), `${signatures.join('\n')}\n`);
  const socket = path.join(dir, 'clamd.sock');
  const conf = path.join(dir, 'clamd.conf');
  writeFileSync(
    conf,
    [
      `LocalSocket ${socket}`,
      `DatabaseDirectory ${database}`,
      'Foreground yes',
      `LogFile ${path.join(dir, 'clamd.log')}`,
      `TemporaryDirectory ${dir}`,
      'StreamMaxLength 64M',
      'Bytecode no',
    ].join('\n'),
  );
  const check = spawnSync(CLAMD!, ['--version']);
  if (check.status !== 0) throw new Error('clamd does not run');
  const child: ChildProcess = spawn(CLAMD!, ['-c', conf], { stdio: 'ignore' });
  const deadline = Date.now() + 60_000;
  while (!(await ping(socket))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`clamd did not start (see ${path.join(dir, 'clamd.log')})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { socket, stop: () => child.kill() };
}
