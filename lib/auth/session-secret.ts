import 'server-only';
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { config, MIN_SESSION_SECRET_LENGTH } from '@/lib/config';

export const SESSION_SECRET_FILE = 'session-secret';

export class SessionSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionSecretError';
  }
}

function checkLength(secret: string, origin: string): string {
  if (secret.length < MIN_SESSION_SECRET_LENGTH) {
    throw new SessionSecretError(`${origin} must hold at least ${MIN_SESSION_SECRET_LENGTH} characters.`);
  }
  return secret;
}

/** Refused, not just warned about, when group or others may read it: it signs operator sessions. */
function readSecretFile(file: string): string {
  const secret = checkLength(readFileSync(file, 'utf8').trim(), file);
  if ((statSync(file).mode & 0o077) !== 0) {
    throw new SessionSecretError(`${file} is open to other users: restrict it with "chmod 600 ${file}" before starting.`);
  }
  return secret;
}

/**
 * Written to a private temporary file, then hard-linked into place: link() fails when the file
 * already exists, so two processes starting together agree on one secret and none reads a
 * half-written file.
 */
function createSecretFile(file: string): string {
  const secret = randomBytes(48).toString('base64url');
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readSecretFile(file);
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/**
 * SESSION_SECRET when set; otherwise a random secret kept in DATA_DIR/session-secret (mode 0600),
 * created on first use, so restarts keep operators logged in. Several instances on different
 * machines must share SESSION_SECRET.
 */
export function resolveSessionSecret({ sessionSecret, dataDir }: { sessionSecret?: string; dataDir: string }): string {
  if (sessionSecret) return checkLength(sessionSecret, 'SESSION_SECRET');
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  try {
    return readSecretFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return createSecretFile(file);
}

let cached: string | undefined;

export function getSessionSecret(): string {
  cached ??= resolveSessionSecret({ sessionSecret: config.sessionSecret, dataDir: config.database.dataDir });
  return cached;
}
