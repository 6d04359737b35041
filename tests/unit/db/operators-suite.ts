import { describe, expect, it } from 'vitest';
import {
  createOperator,
  createOperatorSession,
  ensureFirstOperator,
  findOperatorSession,
  revokeOperatorSession,
  verifyOperatorLogin,
} from '@/lib/auth/operators';
import { query, START_OPERATOR } from './test-database';

// Shared by the PGlite and PostgreSQL test files, which open the database with START_OPERATOR
// in OPERATOR_EMAIL / OPERATOR_PASSWORD. The tests run in order: the first ones need that state.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fastest(fn: () => Promise<unknown>): Promise<number> {
  const durations: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const start = performance.now();
    await fn();
    durations.push(performance.now() - start);
  }
  return Math.min(...durations);
}

export function describeOperators() {
  describe('operator accounts from the environment', () => {
    it('were created at start-up from OPERATOR_EMAIL / OPERATOR_PASSWORD', async () => {
      const operator = await verifyOperatorLogin(START_OPERATOR);
      expect(operator).toMatchObject({ email: 'start.operator@example.com' });
      expect(typeof operator?.id).toBe('number');
    });

    it('are created only while no operator exists', async () => {
      const other = { email: 'other@example.com', password: 'other-password-42' };
      expect(await ensureFirstOperator(other)).toBe('exists');
      expect(await verifyOperatorLogin({ email: 'other@example.com', password: 'other-password-42' })).toBeNull();
      expect(await ensureFirstOperator(undefined)).toBe('not_configured');

      await query('delete from operators');
      await expect(ensureFirstOperator({ ...other, password: 'too-short' })).rejects.toMatchObject({
        code: 'password_too_short',
      });
      expect(await ensureFirstOperator(other)).toBe('created');
      expect(await ensureFirstOperator(other)).toBe('exists');
      expect(await verifyOperatorLogin({ email: 'OTHER@example.com', password: 'other-password-42' })).not.toBeNull();
    });
  });

  describe('operator accounts', () => {
    it('store a lower-case e-mail and a salted scrypt hash', async () => {
      const a = await createOperator({ email: '  Alice@Example.COM ', password: 'alice-password-1' });
      expect(a.email).toBe('alice@example.com');
      const b = await createOperator({ email: 'bob@example.com', password: 'alice-password-1' });
      const rows = await query<{ password_hash: string }>('select password_hash from operators where id in ($1, $2) order by id', [a.id, b.id]);
      expect(rows).toHaveLength(2);
      for (const { password_hash } of rows) expect(password_hash).toMatch(/^scrypt\$65536\$8\$2\$/);
      expect(rows[0]?.password_hash).not.toBe(rows[1]?.password_hash);
    });

    it('refuse a duplicate, an invalid e-mail and a short password', async () => {
      await expect(createOperator({ email: 'ALICE@example.com', password: 'another-password' })).rejects.toMatchObject({
        code: 'email_taken',
      });
      await expect(createOperator({ email: 'not-an-email', password: 'long-enough-pass' })).rejects.toMatchObject({
        code: 'invalid_email',
      });
      await expect(createOperator({ email: 'carol@example.com', password: 'elevenchars' })).rejects.toMatchObject({
        code: 'password_too_short',
      });
    });

    it('log in with the right password only, spending the same work on unknown e-mails', async () => {
      expect(await verifyOperatorLogin({ email: 'Alice@example.com', password: 'alice-password-1' })).toMatchObject({
        email: 'alice@example.com',
      });
      expect(await verifyOperatorLogin({ email: 'alice@example.com', password: 'alice-password-2' })).toBeNull();
      expect(await verifyOperatorLogin({ email: 'nobody@example.com', password: 'alice-password-1' })).toBeNull();
      // Fastest of three, so a busy machine's stalls don't count; without a hash the unknown
      // e-mail would answer in a few milliseconds.
      const wrongPassword = await fastest(() => verifyOperatorLogin({ email: 'alice@example.com', password: 'nope-nope-nope' }));
      const unknownEmail = await fastest(() => verifyOperatorLogin({ email: 'nobody@example.com', password: 'nope-nope-nope' }));
      expect(unknownEmail).toBeGreaterThan(wrongPassword * 0.5);
    });
  });

  describe('operator sessions', () => {
    it('are found until revoked', async () => {
      const operator = await createOperator({ email: 'dave@example.com', password: 'dave-password-1' });
      const session = await createOperatorSession({ operatorId: operator.id });
      expect(session.id).toMatch(/^[0-9a-f]{64}$/);
      const found = await findOperatorSession({ id: session.id });
      expect(found).toMatchObject({ operatorId: operator.id, email: 'dave@example.com', expiresAt: session.expiresAt });
      // Stored as its hash: the stored id opens nothing.
      expect(found!.id).toMatch(/^[0-9a-f]{64}$/);
      expect(found!.id).not.toBe(session.id);
      expect(await findOperatorSession({ id: found!.id })).toBeNull();
      expect(await revokeOperatorSession({ id: found!.id })).toBe(true);
      expect(await findOperatorSession({ id: session.id })).toBeNull();
      expect(await revokeOperatorSession({ id: found!.id })).toBe(false);
    });

    it('expire, and ignore ids that are not session ids', async () => {
      const operator = await createOperator({ email: 'erin@example.com', password: 'erin-password-1' });
      // Long enough for a loaded machine to read it back before it expires.
      const session = await createOperatorSession({ operatorId: operator.id, ttlMs: 1500 });
      expect(await findOperatorSession({ id: session.id })).not.toBeNull();
      await sleep(1700);
      expect(await findOperatorSession({ id: session.id })).toBeNull();
      expect(await findOperatorSession({ id: "x' or '1'='1" })).toBeNull();
      expect(await revokeOperatorSession({ id: 'not-a-session' })).toBe(false);
    });
  });
}
