import 'server-only';
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// About 130 ms and 32 MiB per hash on the 2-core servers; the parameters travel in each
// hash, so raising them later leaves existing hashes verifiable.
const COST = 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
const PREFIX = 'scrypt';

export { MIN_PASSWORD_LENGTH } from '@/lib/config';

type ScryptParams = { N: number; r: number; p: number; keyLength: number };

function deriveKey(password: string, salt: Buffer, { N, r, p, keyLength }: ScryptParams): Promise<Buffer> {
  const maxmem = 256 * N * r * p;
  return new Promise((resolve, reject) => {
    // NFKC: the same password typed on another keyboard or OS must match.
    scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Returns `scrypt$N$r$p$salt$key`, salt and key in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const params = { N: COST, r: BLOCK_SIZE, p: PARALLELISM, keyLength: KEY_LENGTH };
  const key = await deriveKey(password, salt, params);
  return [PREFIX, COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * Well-formed, yet no password matches it: checking a login for an unknown e-mail against it
 * costs as much as a real check.
 */
export const UNMATCHABLE_PASSWORD_HASH = [
  PREFIX,
  COST,
  BLOCK_SIZE,
  PARALLELISM,
  randomBytes(SALT_LENGTH).toString('base64url'),
  randomBytes(KEY_LENGTH).toString('base64url'),
].join('$');

function parseHash(stored: string) {
  const [prefix, n, r, p, salt, key, ...rest] = stored.split('$');
  if (prefix !== PREFIX || rest.length > 0 || !salt || !key) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    Number.isInteger(Math.log2(params.N)) && params.N >= 2 ** 10 && params.N <= 2 ** 20 &&
    Number.isInteger(params.r) && params.r >= 1 && params.r <= 32 &&
    Number.isInteger(params.p) && params.p >= 1 && params.p <= 16;
  const keyBytes = Buffer.from(key, 'base64url');
  if (!sane || keyBytes.length < 16 || keyBytes.length > 128) return undefined;
  return { ...params, salt: Buffer.from(salt, 'base64url'), key: keyBytes };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await deriveKey(password, parsed.salt, { ...parsed, keyLength: parsed.key.length });
  return timingSafeEqual(key, parsed.key);
}
