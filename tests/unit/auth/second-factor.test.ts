import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createOperatorSession, findSignInState } from '@/lib/auth/operators';
import { normalizeRecoveryCode, recoveryCodeHash } from '@/lib/auth/recovery-codes';
import { checkSecondFactorCode, confirmTotpEnrolment, startTotpEnrolment } from '@/lib/auth/second-factor';
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
    expect(normalizeRecoveryCode(' abcde-fgh23 ')).toBe('ABCDEFGH23');
    expect(recoveryCodeHash('abcde fgh23')).toBe(recoveryCodeHash('ABCDE-FGH23'));
    expect(normalizeRecoveryCode('123456')).toBeNull();
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
    const next = totpCode(secret, Date.now() + 30_000);
    expect(await checkSecondFactorCode({ operatorId: operator.id, code: next })).toBe('totp');
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
