import 'server-only';
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';

/** A secret file refused, not just warned about: another user may read it, or it is malformed. */
export class PrivateFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrivateFileError';
  }
}

/** The file's text, trimmed; refused when group or others may read it. Throws ENOENT when absent. */
export function readPrivateFile(file: string, check: (text: string) => string = (text) => text): string {
  const text = check(readFileSync(file, 'utf8').trim());
  if ((statSync(file).mode & 0o077) !== 0) {
    throw new PrivateFileError(`${file} is open to other users: restrict it with "chmod 600 ${file}" before starting.`);
  }
  return text;
}

/**
 * Writes `text` to a private temporary file, then hard-links it into place: link() fails when the
 * file already exists, so two processes starting together agree on one content (the first one's)
 * and none reads a half-written file. Returns the content in place.
 */
export function createPrivateFileOnce(file: string, text: string, check?: (text: string) => string): string {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, `${text}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
    return text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readPrivateFile(file, check);
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}
