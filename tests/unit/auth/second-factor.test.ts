import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createOperatorSession, findSignInState } from '@/lib/auth/operators';
import { newRecoveryCodes, normalizeRecoveryCode, RECOVERY_CODE_BITS, recoveryCodeHash } from '@/lib/auth/recovery-codes';
import { setSessionChallenge, takeFactorAttempt, takeSessionChallenge } from '@/lib/auth/factor-queries';
import { FRESH_PROOF_MS, hasFreshProof } from '@/lib/auth/fresh-proof';
import { storedSessionId } from '@/lib/auth/operators';
import { checkSecondFactorCode, confirmTotpEnrolment, relyingParty, startTotpEnrolment } from '@/lib/auth/second-factor';
import { open, seal } from '@/lib/auth/secret-box';
import { totpCode, totpStep } from '@/lib/auth/totp';
import { sendControlRequest, startControlSocket } from '@/lib/control/socket';
import { OPEN_TIMEOUT_MS, pgliteDatabase, query } from '../db/test-database';

describe('second factor, without a database', () => {
  it('seals a secret that only the same session secret opens, and refuses an altered box', () => {
    const box = seal('JBSWY3DPEHPK3PXP', 'totp-secret', 'a'.repeat(40));
    expect(box).not.toContain('JBSWY3DPEHPK3PXP');
    expect(open(box, 'totp-secret', 'a'.repeat(40))).toBe('JBSWY3DPEHPK3PXP');
    expect(open(box, 'totp-secret', 'b'.repeat(40))).toBeNull();
    expect(open(box, 'other-purpose', 'a'.repeat(40))).toBeNull();
    expect(open(`${box.slice(0, -2)}AA`, 'totp-secret', 'a'.repeat(40))).toBeNull();
  });

  it('accepts a TOTP code one step either side of now, never further', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DP';
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(totpStep({ secretBase32: secret, code: totpCode(secret, now), now })).toBe(step);
    expect(totpStep({ secretBase32: secret, code: totpCode(secret, now + 30_000), now })).toBe(step + 1);
    expect(totpStep({ secretBase32: secret, code: totpCode(secret, now - 30_000), now })).toBe(step - 1);
    expect(totpStep({ secretBase32: secret, code: totpCode(secret, now + 90_000), now })).toBeNull();
    expect(totpStep({ secretBase32: secret, code: 'abcdef', now })).toBeNull();
  });

  it('reads recovery codes whatever their case, spaces and dashes', () => {
    expect(normalizeRecoveryCode(' abcd-efgh-2345-6789-jkmn-pqrs ')).toBe('ABCDEFGH23456789JKMNPQRS');
    expect(recoveryCodeHash('abcd efgh 2345 6789 jkmn pqrs')).toBe(recoveryCodeHash('ABCD-EFGH-2345-6789-JKMN-PQRS'));
    expect(normalizeRecoveryCode('123456')).toBeNull();
    // The former 10-symbol codes (50 bits) are no codes any more.
    expect(normalizeRecoveryCode('ABCDE-FGH23')).toBeNull();
  });

  it('makes ten recovery codes of 120 random bits each (ASVS 6.5.2 asks 112 without a slow hash)', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^([A-HJ-NP-Z2-9]{4}-){5}[A-HJ-NP-Z2-9]{4}$/);
    expect(RECOVERY_CODE_BITS).toBe(120);
    expect(RECOVERY_CODE_BITS).toBeGreaterThanOrEqual(112);
  });

  it('takes the relying party from SITE_URL, never from a request', () => {
    expect(relyingParty('https://www.example.test')).toEqual({ rpID: 'www.example.test', origins: ['https://www.example.test'] });
    expect(relyingParty('http://localhost:4100')).toEqual({ rpID: 'localhost', origins: ['http://localhost:4100'] });
  });

  it('counts a proof as fresh for 10 minutes', () => {
    const now = Date.now();
    expect(hasFreshProof({ verifiedAt: new Date(now - 9 * 60_000) }, now)).toBe(true);
    expect(hasFreshProof({ verifiedAt: new Date(now - FRESH_PROOF_MS) }, now)).toBe(false);
  });
});

describe('second factor on PGlite', () => {
  const database = pgliteDatabase();
  let enrolledId = 0;
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('enrols TOTP with the first code, then takes each code once and each recovery code once', async () => {
    const operator = await createOperator({ email: 'totp@example.com', password: 'a-long-password-1' });
    enrolledId = operator.id;
    const enrolment = await startTotpEnrolment({ operatorId: operator.id, email: operator.email });
    expect(enrolment?.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(enrolment?.uri).toContain('otpauth://totp/');
    const secret = enrolment!.key.replace(/\s/g, '');
    // The key rests sealed: the table alone does not give it.
    const [row] = await query<{ totp_secret: string }>('select totp_secret from operators where id = $1', [operator.id]);
    expect(row!.totp_secret).not.toContain(secret);

    expect(await confirmTotpEnrolment({ operatorId: operator.id, code: '000000' })).toEqual({ ok: false });
    const confirmed = await confirmTotpEnrolment({ operatorId: operator.id, code: totpCode(secret) });
    expect(confirmed.ok && confirmed.recoveryCodes).toHaveLength(10);
    const codes = confirmed.ok ? confirmed.recoveryCodes : [];

    // The code that confirmed is spent; the next step's is accepted once.
    expect(await checkSecondFactorCode({ operatorId: operator.id, code: totpCode(secret) })).toBeNull();
    // The next step's, from two sessions at once: one of them gets it, and never again.
    const next = totpCode(secret, Date.now() + 30_000);
    const both = await Promise.all([0, 1].map(() => checkSecondFactorCode({ operatorId: operator.id, code: next })));
    expect(both.filter((use) => use === 'totp')).toHaveLength(1);
    expect(await checkSecondFactorCode({ operatorId: operator.id, code: next })).toBeNull();

    expect(await checkSecondFactorCode({ operatorId: operator.id, code: codes[3]!.toLowerCase() })).toBe('recovery_code');
    expect(await checkSecondFactorCode({ operatorId: operator.id, code: codes[3]! })).toBeNull();
    const stored = await query<{ code_hash: string }>('select code_hash from operator_recovery_codes where operator_id = $1', [operator.id]);
    expect(stored.map((code) => code.code_hash)).not.toContain(codes[0]);
  });

  it('gives a password-only session full access within the grace period, and asks an enrolled operator for the factor', async () => {
    const fresh = await createOperator({ email: 'grace@example.com', password: 'a-long-password-2' });
    const session = await createOperatorSession({ operatorId: fresh.id });
    const inGrace = await findSignInState({ id: session.id });
    expect(inGrace).toMatchObject({ access: 'full', methods: { totp: false, passkeys: 0 } });
    expect(inGrace!.graceEndsAt!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    const enrolled = await findSignInState({ id: (await createOperatorSession({ operatorId: enrolledId })).id });
    expect(enrolled).toMatchObject({ access: 'second_factor', graceEndsAt: null });
    const full = await findSignInState({ id: (await createOperatorSession({ operatorId: enrolledId, secondFactor: true })).id });
    expect(full?.access).toBe('full');
  });

  it('gives a half-open session five answers in all, however many come at once', async () => {
    const session = await createOperatorSession({ operatorId: enrolledId });
    const id = storedSessionId(session.id);
    const taken = await Promise.all(Array.from({ length: 12 }, () => takeFactorAttempt({ id, max: 5 })));
    expect(taken.filter(Boolean)).toHaveLength(5);
  });

  it('answers a passkey challenge once, and only within 5 minutes', async () => {
    const id = storedSessionId((await createOperatorSession({ operatorId: enrolledId })).id);
    await setSessionChallenge({ id, challenge: 'challenge-one' });
    const twice = await Promise.all([takeSessionChallenge({ id }), takeSessionChallenge({ id })]);
    expect(twice.filter((challenge) => challenge === 'challenge-one')).toHaveLength(1);
    await setSessionChallenge({ id, challenge: 'challenge-two' });
    expect(await takeSessionChallenge({ id, now: new Date(Date.now() + 5 * 60_000 + 1000) })).toBeNull();
    expect(await takeSessionChallenge({ id })).toBeNull();
  });

  it('ends a session unused for SESSION_IDLE_MINUTES (60 by default)', async () => {
    const session = await createOperatorSession({ operatorId: enrolledId, secondFactor: true });
    expect(await findSignInState({ id: session.id, now: new Date(Date.now() + 59 * 60_000) })).not.toBeNull();
    // That read kept it alive: idle is counted from the last request.
    expect(await findSignInState({ id: session.id, now: new Date(Date.now() + 118 * 60_000) })).not.toBeNull();
    expect(await findSignInState({ id: session.id, now: new Date(Date.now() + 240 * 60_000) })).toBeNull();
  });
});

describe('control socket', () => {
  it('answers one JSON line, and refuses what is not JSON or too large', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'control-'));
    const server = startControlSocket({ dataDir, handle: async (request) => ({ ok: true, message: `got ${JSON.stringify(request)}` }) });
    await new Promise((resolve) => server.once('listening', resolve));
    expect(await sendControlRequest({ dataDir, request: { command: 'ping' } })).toEqual({ ok: true, message: 'got {"command":"ping"}' });
    expect(await sendControlRequest({ dataDir, request: 'x'.repeat(5000) })).toEqual({ ok: false, message: 'Request too large.' });
    server.close();
    await expect(sendControlRequest({ dataDir, request: {} })).rejects.toThrow();
  });
});
