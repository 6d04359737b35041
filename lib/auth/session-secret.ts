import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { config, MIN_SESSION_SECRET_LENGTH } from '@/lib/config';
import { createPrivateFileOnce, PrivateFileError, readPrivateFile } from './private-file';

export const SESSION_SECRET_FILE = 'session-secret';

export class SessionSecretError extends PrivateFileError {
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
  return readPrivateFile(file, (text) => checkLength(text, file));
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
  return createPrivateFileOnce(file, randomBytes(48).toString('base64url'), (text) => checkLength(text, file));
}

let cached: string | undefined;

export function getSessionSecret(): string {
  cached ??= resolveSessionSecret({ sessionSecret: config.sessionSecret, dataDir: config.database.dataDir });
  return cached;
}
