import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proveAgain } from '@/lib/auth/fresh-proof';
import { createOperator, createOperatorSession, findSignInState } from '@/lib/auth/operators';
import { confirmTotpEnrolment, startTotpEnrolment } from '@/lib/auth/second-factor';
import { totpCode } from '@/lib/auth/totp';
import { OPEN_TIMEOUT_MS, pgliteDatabase, query } from '../db/test-database';

describe('asking again for the password and a factor (PGlite)', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  async function enrolled(email: string) {
    const operator = await createOperator({ email, password: 'the-right-password-1' });
    const secret = (await startTotpEnrolment({ operatorId: operator.id, email }))!.key.replace(/\s/g, '');
    await confirmTotpEnrolment({ operatorId: operator.id, code: totpCode(secret) });
    const session = await createOperatorSession({ operatorId: operator.id, secondFactor: true });
    await query(`update operator_sessions set verified_at = now() - interval '1 hour'`);
    return { secret, state: (await findSignInState({ id: session.id }))! };
  }

  it('counts wrong passwords like sign-ins: the sixth from one address is refused unheard', async () => {
    const { state } = await enrolled('oracle@example.com');
    const outcomes = [];
    for (let i = 0; i < 6; i += 1) outcomes.push(await proveAgain({ state, proof: { password: `guess-${i}`, code: '000000' }, address: '203.0.113.40' }));
    expect(outcomes.slice(0, 5).map((outcome) => !outcome.ok && outcome.code)).toEqual(Array(5).fill('wrong_password'));
    expect(outcomes[5]).toMatchObject({ ok: false, status: 429, code: 'rate_limited' });
  });

  it('needs the code too, and then makes the proof fresh', async () => {
    const { secret, state } = await enrolled('proof@example.com');
    expect(await proveAgain({ state, proof: { password: 'the-right-password-1', code: '000000' }, address: '203.0.113.41' })).toMatchObject({
      ok: false,
      code: 'invalid_code',
    });
    const before = state.verifiedAt.getTime();
    expect(
      await proveAgain({ state, proof: { password: 'the-right-password-1', code: totpCode(secret, Date.now() + 30_000) }, address: '203.0.113.41' }),
    ).toEqual({
      ok: true,
    });
    const after = await query<{ verified_at: Date }>('select verified_at from operator_sessions where id = $1', [state.session.id]);
    expect(new Date(after[0]!.verified_at).getTime()).toBeGreaterThan(before + 30 * 60_000);
  });
});
