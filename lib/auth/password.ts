import 'server-only';
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { createHashQueue } from './hash-queue';

export { HashQueueFullError } from './hash-queue';

// One of OWASP's equivalent scrypt settings (N=2^16, r=8, p=2: the cost of N=2^17, p=1 with half
// the memory): about 400 ms and 64 MiB per hash on the 2-core servers, so that two lanes hashing at
// once stay within the server's memory under a login flood. The parameters travel in each hash, so
// older hashes stay verifiable and are upgraded at the next successful login (see needsRehash).
const COST = 2 ** 16;
const BLOCK_SIZE = 8;
const PARALLELISM = 2;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
const PREFIX = 'scrypt';

export { MIN_PASSWORD_LENGTH } from '@/lib/config';

type ScryptParams = { N: number; r: number; p: number; keyLength: number };

/**
 * Two lanes of one hash at a time each, a short line behind them, then 503: memory stays under
 * 2 × 64 MiB. Strangers (sign-ins from a browser that never signed in to that account) share one
 * lane; the other serves the browsers an operator signed in from before, password changes and new
 * accounts, so that no flood of guesses can keep the agency out of its console.
 */
export type HashLane = 'known' | 'stranger';
const hashQueues: Record<HashLane, ReturnType<typeof createHashQueue>> = {
  known: createHashQueue({ concurrency: 1, maxQueue: 8 }),
  stranger: createHashQueue({ concurrency: 1, maxQueue: 16 }),
};

function deriveKey(password: string, salt: Buffer, { N, r, p, keyLength }: ScryptParams, lane: HashLane = 'known'): Promise<Buffer> {
  // scrypt needs 128 · N · r bytes; Node's default cap (32 MiB) would refuse N=2^17.
  const maxmem = 256 * N * r * p;
  return hashQueues[lane](
    () =>
      new Promise((resolve, reject) => {
        // NFKC: the same password typed on another keyboard or OS must match.
        scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
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
    Number.isInteger(Math.log2(params.N)) &&
    params.N >= 2 ** 10 &&
    params.N <= 2 ** 20 &&
    Number.isInteger(params.r) &&
    params.r >= 1 &&
    params.r <= 32 &&
    Number.isInteger(params.p) &&
    params.p >= 1 &&
    params.p <= 16;
  const keyBytes = Buffer.from(key, 'base64url');
  if (!sane || keyBytes.length < 16 || keyBytes.length > 128) return undefined;
  return { ...params, salt: Buffer.from(salt, 'base64url'), key: keyBytes };
}

/** A valid hash made with other parameters than today's: rehash it once the password is known. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.N !== COST || parsed.r !== BLOCK_SIZE || parsed.p !== PARALLELISM || parsed.key.length !== KEY_LENGTH;
}

/** Throws HashQueueFullError when too many hashes are already running or waiting. */
export async function verifyPassword(password: string, stored: string, lane: HashLane = 'known'): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await deriveKey(password, parsed.salt, { ...parsed, keyLength: parsed.key.length }, lane);
  return timingSafeEqual(key, parsed.key);
}
