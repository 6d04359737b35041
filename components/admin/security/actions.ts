'use server';

import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { headers } from 'next/headers';
import { z } from 'zod';
import { checkPassword, OperatorAccountError } from '@/lib/auth/operator-accounts';
import { currentAuditActor } from '@/lib/auth/audit-actor';
import type { OperatorSession } from '@/lib/auth/operators';
import { asEnrolling, asOperator, done, refuse, type ActionResult } from '@/lib/auth/operator-action';
import {
  deletePasskey,
  findOperatorFactors,
  markSecondFactor,
  renamePasskey,
  setPassword,
  setSessionChallenge,
  takeSessionChallenge,
} from '@/lib/auth/factor-queries';
import { rememberBrowser } from '@/lib/auth/operator-session';
import { endSessions } from '@/lib/auth/operators';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import {
  addPasskey,
  checkPasskey,
  checkSecondFactorCode,
  confirmTotpEnrolment,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  relyingPartyOf,
  renewRecoveryCodes,
  startTotpEnrolment,
} from '@/lib/auth/second-factor';
import { recordSecurity } from '@/lib/auth/security-record';
import type { SecurityAction } from '@/lib/events';

// The "Sécurité" page's changes: the second factor (enrolment is also what a session may do once
// the grace period is over), the sessions, the password. Each checks the session again.

async function record(action: SecurityAction, session: OperatorSession, extra: { target?: string; detail?: Record<string, string | number | boolean> } = {}) {
  const actor = await currentAuditActor(session);
  await recordSecurity({ action, actor, address: actor.address, ...extra });
}

/**
 * This session has now given a factor (it just proved one): it may do everything. No cookie is set
 * here: a cookie set by an action renders the page again, and the recovery codes must stay on screen.
 */
async function promote(session: OperatorSession) {
  await markSecondFactor({ id: session.id });
}

export async function startTotp(): Promise<ActionResult<{ qrCode: string; key: string; uri: string }>> {
  return asEnrolling('security', async ({ session }) => {
    const enrolment = await startTotpEnrolment({ operatorId: session.operatorId, email: session.email });
    return enrolment ? done(enrolment) : refuse(409, 'totp_on');
  });
}

const codeSchema = z.string().trim().min(1).max(32);

/** The first code of the app: TOTP is on; the recovery codes, shown once, when there were none. */
export async function confirmTotp(code: string): Promise<ActionResult<{ recoveryCodes: string[] }>> {
  return asEnrolling('security', async ({ session }) => {
    const parsed = codeSchema.safeParse(code);
    if (!parsed.success) return refuse(400, 'invalid_code');
    const confirmed = await confirmTotpEnrolment({ operatorId: session.operatorId, code: parsed.data });
    if (!confirmed.ok) return refuse(400, 'invalid_code');
    await promote(session);
    await record('mfa_enrolled', session, { detail: { method: 'totp' } });
    return done({ recoveryCodes: confirmed.recoveryCodes });
  });
}

export async function passkeyOptions(): Promise<ActionResult<Awaited<ReturnType<typeof passkeyRegistrationOptions>>>> {
  return asEnrolling('security', async ({ session }) =>
    done(
      await passkeyRegistrationOptions({ operatorId: session.operatorId, email: session.email, sessionId: session.id, party: relyingPartyOf(await headers()) }),
    ),
  );
}

const nameSchema = z.string().trim().min(1).max(60);
const responseSchema = z.object({ id: z.string().max(1024), type: z.literal('public-key') }).passthrough();

/** The passkey the browser made for this session's challenge; the recovery codes when there were none. */
export async function savePasskey(name: string, response: unknown): Promise<ActionResult<{ recoveryCodes: string[] }>> {
  return asEnrolling('security', async ({ session, challenge }) => {
    const parsedName = nameSchema.safeParse(name);
    if (!parsedName.success) return refuse(400, 'invalid_name');
    if (!responseSchema.safeParse(response).success) return refuse(400, 'invalid_body');
    await setSessionChallenge({ id: session.id, challenge: null });
    const saved = await addPasskey({
      operatorId: session.operatorId,
      name: parsedName.data,
      response: response as RegistrationResponseJSON,
      challenge,
      party: relyingPartyOf(await headers()),
    });
    if (!saved) return refuse(400, 'passkey_refused');
    const factors = await findOperatorFactors({ operatorId: session.operatorId });
    const recoveryCodes = factors?.recoveryCodesLeft === 0 ? await renewRecoveryCodes({ operatorId: session.operatorId }) : [];
    await promote(session);
    await record('passkey_added', session);
    return done({ recoveryCodes });
  });
}

export async function renameOwnPasskey(id: string, name: string): Promise<ActionResult<null>> {
  return asOperator('security', async (session) => {
    const parsed = nameSchema.safeParse(name);
    if (!parsed.success) return refuse(400, 'invalid_name');
    return (await renamePasskey({ operatorId: session.operatorId, id, name: parsed.data })) ? done(null) : refuse(404, 'not_found');
  });
}

/** Refused when it is the last factor: the account would open with a password alone. */
export async function removeOwnPasskey(id: string): Promise<ActionResult<null>> {
  return asOperator('security', async (session) => {
    const factors = await findOperatorFactors({ operatorId: session.operatorId });
    if (!factors?.passkeys.some((passkey) => passkey.id === id)) return refuse(404, 'not_found');
    if (!factors.totpEnabledAt && factors.passkeys.length === 1) return refuse(409, 'last_factor');
    await deletePasskey({ operatorId: session.operatorId, id });
    await record('passkey_removed', session);
    return done(null);
  });
}

export async function renewCodes(): Promise<ActionResult<{ recoveryCodes: string[] }>> {
  return asOperator('security', async (session) => {
    const factors = await findOperatorFactors({ operatorId: session.operatorId });
    if (!factors?.totpEnabledAt && !factors?.passkeys.length) return refuse(409, 'no_factor');
    const recoveryCodes = await renewRecoveryCodes({ operatorId: session.operatorId });
    await record('recovery_codes_renewed', session);
    return done({ recoveryCodes });
  });
}

/** Ends one of the operator's other sessions (`id` as listed), or every other one; their streams close at once. */
export async function endOwnSessions(id: string | null): Promise<ActionResult<{ ended: number }>> {
  return asOperator('security', async (session) => {
    if (id !== null && (!/^[0-9a-f]{64}$/.test(id) || id === session.id)) return refuse(400, 'invalid_session');
    const ended = await endSessions({ operatorId: session.operatorId, ...(id ? { id } : { except: session.id }) });
    for (const endedId of ended) await record('session_ended', session, { target: endedId.slice(0, 12) });
    return done({ ended: ended.length });
  });
}

const passwordSchema = z.object({
  current: z.string().min(1).max(1024),
  next: z.string().max(1024),
  code: z.string().trim().max(32),
  /** Instead of the code: a passkey's answer to the challenge of passwordChangePasskeyOptions. */
  passkey: responseSchema.optional(),
});

/** A challenge for this session's passkeys, to confirm a password change with one instead of a code. */
export async function passwordChangePasskeyOptions(): Promise<ActionResult<Awaited<ReturnType<typeof passkeySignInOptions>>>> {
  return asOperator('security', async (session) => {
    const factors = await findOperatorFactors({ operatorId: session.operatorId });
    if (!factors || factors.passkeys.length === 0) return refuse(409, 'passkey_refused');
    return done(await passkeySignInOptions({ operatorId: session.operatorId, sessionId: session.id, party: relyingPartyOf(await headers()) }));
  });
}

/** The second factor a password change asks again: a code (app or recovery), or a passkey's answer. */
async function factorGivenAgain(session: OperatorSession, { code, passkey }: { code: string; passkey?: z.infer<typeof responseSchema> }) {
  if (!passkey) return Boolean(await checkSecondFactorCode({ operatorId: session.operatorId, code }));
  return checkPasskey({
    operatorId: session.operatorId,
    response: passkey as unknown as AuthenticationResponseJSON,
    challenge: await takeSessionChallenge({ id: session.id }),
    party: relyingPartyOf(await headers()),
  });
}

/** The current password and (once enrolled) a code or a passkey again; the other sessions end and every known browser is forgotten. */
export async function changePassword(input: Omit<z.input<typeof passwordSchema>, 'passkey'> & { passkey?: unknown }): Promise<ActionResult<null>> {
  return asOperator('security', async (session) => {
    const parsed = passwordSchema.safeParse(input);
    if (!parsed.success) return refuse(400, 'invalid_body');
    try {
      checkPassword(parsed.data.next);
    } catch (error) {
      if (error instanceof OperatorAccountError) return refuse(400, 'password_too_short', { next: 'password_too_short' });
      throw error;
    }
    const factors = await findOperatorFactors({ operatorId: session.operatorId });
    if (!factors || !(await verifyPassword(parsed.data.current, factors.passwordHash))) return refuse(400, 'wrong_password', { current: 'wrong_password' });
    const enrolled = Boolean(factors.totpEnabledAt) || factors.passkeys.length > 0;
    if (enrolled && !(await factorGivenAgain(session, parsed.data))) {
      return parsed.data.passkey ? refuse(400, 'passkey_refused') : refuse(400, 'invalid_code', { code: 'invalid_code' });
    }
    await setPassword({ operatorId: session.operatorId, passwordHash: await hashPassword(parsed.data.next) });
    const ended = await endSessions({ operatorId: session.operatorId, except: session.id });
    await record('password_changed', session, { detail: { sessions_ended: ended.length } });
    // The devices known before the change are forgotten; this one is known again.
    await rememberBrowser({ request: new Request('http://console.invalid', { headers: await headers() }), operatorId: session.operatorId });
    return done(null);
  });
}
