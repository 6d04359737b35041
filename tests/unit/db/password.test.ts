import { describe, expect, it } from 'vitest';

const { createHashQueue } = await import('@/lib/auth/hash-queue');
const { hashPassword, HashQueueFullError, needsRehash, verifyPassword, MIN_PASSWORD_LENGTH, UNMATCHABLE_PASSWORD_HASH } = await import('@/lib/auth/password');

describe('password hashing', () => {
  it('stores scrypt parameters, a per-hash salt and the key in the hash string', async () => {
    const hash = await hashPassword('correct horse battery');
    const [prefix, n, r, p, salt, key] = hash.split('$');
    expect([prefix, n, r, p]).toEqual(['scrypt', '65536', '8', '2']);
    expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(16);
    expect(Buffer.from(key ?? '', 'base64url')).toHaveLength(64);
    expect(hash).not.toContain('correct horse');
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('matches the same password however its Unicode is composed', async () => {
    const hash = await hashPassword('mot de passe café');
    expect(await verifyPassword('mot de passe cafe\u0301', hash)).toBe(true);
  });

  it('still verifies hashes made with other parameters', async () => {
    const hash = await hashPassword('correct horse battery');
    const [, , , , salt] = hash.split('$');
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync('correct horse battery', Buffer.from(salt ?? '', 'base64url'), 32, { N: 2 ** 14, r: 8, p: 2 });
    const old = `scrypt$16384$8$2$${salt}$${key.toString('base64url')}`;
    expect(await verifyPassword('correct horse battery', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(hash)).toBe(false);
  });

  it('runs at most `concurrency` hashes at once, `maxQueue` waiting, and refuses the rest at once', async () => {
    const run = createHashQueue({ concurrency: 2, maxQueue: 3 });
    let running = 0;
    let most = 0;
    const task = async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
    };
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => run(task)));
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
    ]);
    expect(
      results.filter((result) => result.status === 'rejected').every((result) => (result as PromiseRejectedResult).reason instanceof HashQueueFullError),
    ).toBe(true);
    expect(most).toBe(2);
    expect((await Promise.allSettled([run(task)]))[0]!.status).toBe('fulfilled');
  });

  it('refuses malformed or absurd hashes without throwing', async () => {
    for (const stored of ['', 'plain', 'bcrypt$x', 'scrypt$3$8$1$c2FsdA$a2V5', 'scrypt$1073741824$8$1$c2FsdA$a2V5a2V5a2V5a2V5a2V5', 'scrypt$32768$8$1$$']) {
      expect(await verifyPassword('anything', stored), stored).toBe(false);
    }
    expect(await verifyPassword('', UNMATCHABLE_PASSWORD_HASH)).toBe(false);
  });

  it('requires 12 characters for new passwords', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(12);
  });
});
