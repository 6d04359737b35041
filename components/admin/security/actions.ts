'use server';

import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { headers } from 'next/headers';
import { z } from 'zod';
import { checkPassword, OperatorAccountError } from '@/lib/auth/operator-accounts';
import { currentAuditActor } from '@/lib/auth/audit-actor';
import type { OperatorSession, SignInState } from '@/lib/auth/operators';
import { asEnrolling, asOperator, done, refuse, type ActionRefusal, type ActionResult } from '@/lib/auth/operator-action';
import { deletePasskey, findOperatorFactors, renamePasskey, setPassword, takeSessionChallenge } from '@/lib/auth/factor-queries';
import { hasFreshProof, proveAgain, type Proof } from '@/lib/auth/fresh-proof';
import { completeSignIn, rememberBrowser } from '@/lib/auth/operator-session';
import { endSessions } from '@/lib/auth/operators';
import { hashPassword } from '@/lib/auth/password';
import {
  addPasskey,
  confirmTotpEnrolment,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  renewRecoveryCodes,
  startTotpEnrolment,
} from '@/lib/auth/second-factor';
import { recordSecurity } from '@/lib/auth/security-record';
import { emit, type FactorChange, type SecurityAction } from '@/lib/events';

// The "Sécurité" page's changes: the second factor (enrolment is also what a session may do once
// the grace period is over), the sessions, the password. Each checks the session again, and every
// change to the door needs a fresh proof (lib/auth/fresh-proof.ts) and is told to the owner.

async function record(action: SecurityAction, session: OperatorSession, extra: { target?: string; detail?: Record<string, string | number | boolean> } = {}) {
  const actor = await currentAuditActor(session);
  await recordSecurity({ action, actor, address: actor.address, ...extra });
  return actor;
}

/** On the journal, and to the owner's mailbox with the way to end the other sessions. */
async function changed(action: SecurityAction, change: FactorChange, session: OperatorSession, detail?: Record<string, string | number | boolean>) {
  const actor = await record(action, session, detail ? { detail } : {});
  void emit('operator.factors.changed', { operatorId: session.operatorId, email: session.email, change, at: new Date().toISOString(), address: actor.address });
}

const thisRequest = async () => new Request('http://console.invalid/', { headers: new Headers(await headers()) });

/**
 * The guard of a change to the door: a live session (`full`, or `enrol` where `enrolling`) whose
 * password and factors were given in the last minutes; else 403 `reauth_required`, and the page
 * asks for them again (`reauthenticate`).
 */
function withFreshProof<T>(run: (state: SignInState) => Promise<ActionResult<T>>, { enrolling = false } = {}): Promise<ActionResult<T>> {
  return asEnrolling('security', async (state) => {
    if (state.access !== 'full' && !enrolling) return refuse(401, 'unauthorized');
    return hasFreshProof(state) ? run(state) : refuse(403, 'reauth_required');
  });
}

const enrolled = (state: SignInState) => state.methods.totp || state.methods.passkeys > 0;

/**
 * The session has given its first factor (it just enrolled one): a new session, with a new id,
 * takes its place, as after a sign-in. The page renders again; the recovery codes stay on screen.
 */
async function promote(state: SignInState) {
  await completeSignIn({ request: await thisRequest(), state });
}

const proofSchema = z.object({
  password: z.string().min(1).max(1024),
  code: z.string().trim().max(64).optional(),
  /** Instead of the code: a passkey's answer to the challenge of passkeyProofOptions. */
  passkey: z
    .object({ id: z.string().max(1024), type: z.literal('public-key') })
    .passthrough()
    .optional(),
});

async function proofRefusal(state: SignInState, input: unknown): Promise<ActionRefusal | null> {
  const parsed = proofSchema.safeParse(input);
  if (!parsed.success) return refuse(400, 'invalid_body');
  const proof: Proof = { ...parsed.data, passkey: parsed.data.passkey as unknown as AuthenticationResponseJSON | undefined };
  const actor = await currentAuditActor(state.session);
  const outcome = await proveAgain({ state, proof, address: actor.address });
  if (outcome.ok) return null;
  const field: Record<string, string> | undefined =
    outcome.code === 'wrong_password' ? { password: outcome.code } : outcome.code === 'invalid_code' ? { code: outcome.code } : undefined;
  return refuse(outcome.status, outcome.code, field);
}

/** The Sécurité page asks again: the password and (once enrolled) a code or a passkey. Counted like a sign-in. */
export async function reauthenticate(input: { password: string; code?: string; passkey?: unknown }): Promise<ActionResult<null>> {
  return asEnrolling('security', async (state) => (await proofRefusal(state, input)) ?? done(null));
}

/** A challenge for this session's passkeys, to give one instead of a code when asked again (or for a password change). */
export async function passkeyProofOptions(): Promise<ActionResult<Awaited<ReturnType<typeof passkeySignInOptions>>>> {
  return asEnrolling('security', async ({ session, methods }) => {
    if (methods.passkeys === 0) return refuse(409, 'passkey_refused');
    return done(await passkeySignInOptions({ operatorId: session.operatorId, sessionId: session.id }));
  });
}

export async function startTotp(): Promise<ActionResult<{ qrCode: string; key: string; uri: string }>> {
  return withFreshProof(
    async ({ session }) => {
      const enrolment = await startTotpEnrolment({ operatorId: session.operatorId, email: session.email });
      return enrolment ? done(enrolment) : refuse(409, 'totp_on');
    },
    { enrolling: true },
  );
}

const codeSchema = z.string().trim().min(1).max(64);

/** The first code of the app: TOTP is on; the recovery codes, shown once, when there were none. */
export async function confirmTotp(code: string): Promise<ActionResult<{ recoveryCodes: string[] }>> {
  return withFreshProof(
    async (state) => {
      const parsed = codeSchema.safeParse(code);
      if (!parsed.success) return refuse(400, 'invalid_code');
      const confirmed = await confirmTotpEnrolment({ operatorId: state.session.operatorId, code: parsed.data });
      if (!confirmed.ok) return refuse(400, 'invalid_code');
      await changed('mfa_enrolled', 'totp_enabled', state.session, { method: 'totp' });
      if (!enrolled(state)) await promote(state);
      return done({ recoveryCodes: confirmed.recoveryCodes });
    },
    { enrolling: true },
  );
}

export async function passkeyOptions(): Promise<ActionResult<Awaited<ReturnType<typeof passkeyRegistrationOptions>>>> {
  return withFreshProof(
    async ({ session }) => done(await passkeyRegistrationOptions({ operatorId: session.operatorId, email: session.email, sessionId: session.id })),
    {
      enrolling: true,
    },
  );
}

const nameSchema = z.string().trim().min(1).max(60);
const responseSchema = z.object({ id: z.string().max(1024), type: z.literal('public-key') }).passthrough();

/** The passkey the browser made for this session's challenge; the recovery codes when there were none. */
export async function savePasskey(name: string, response: unknown): Promise<ActionResult<{ recoveryCodes: string[] }>> {
  return withFreshProof(
    async (state) => {
      const { session } = state;
      const parsedName = nameSchema.safeParse(name);
      if (!parsedName.success) return refuse(400, 'invalid_name');
      if (!responseSchema.safeParse(response).success) return refuse(400, 'invalid_body');
      const saved = await addPasskey({
        operatorId: session.operatorId,
        name: parsedName.data,
        response: response as RegistrationResponseJSON,
        challenge: await takeSessionChallenge({ id: session.id }),
      });
      if (!saved) return refuse(400, 'passkey_refused');
      const factors = await findOperatorFactors({ operatorId: session.operatorId });
      const recoveryCodes = factors?.recoveryCodesLeft === 0 ? await renewRecoveryCodes({ operatorId: session.operatorId }) : [];
      await changed('passkey_added', 'passkey_added', session);
      if (!enrolled(state)) await promote(state);
      return done({ recoveryCodes });
    },
    { enrolling: true },
  );
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
  return withFreshProof(async ({ session }) => {
    const factors = await findOperatorFactors({ operatorId: session.operatorId });
    if (!factors?.passkeys.some((passkey) => passkey.id === id)) return refuse(404, 'not_found');
    if (!factors.totpEnabledAt && factors.passkeys.length === 1) return refuse(409, 'last_factor');
    await deletePasskey({ operatorId: session.operatorId, id });
    await changed('passkey_removed', 'passkey_removed', session);
    return done(null);
  });
}

export async function renewCodes(): Promise<ActionResult<{ recoveryCodes: string[] }>> {
  return withFreshProof(async ({ session }) => {
    const factors = await findOperatorFactors({ operatorId: session.operatorId });
    if (!factors?.totpEnabledAt && !factors?.passkeys.length) return refuse(409, 'no_factor');
    const recoveryCodes = await renewRecoveryCodes({ operatorId: session.operatorId });
    await changed('recovery_codes_renewed', 'recovery_codes_renewed', session);
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

/**
 * The current password and (once enrolled) a code or a passkey, whatever the session's proof, counted
 * like a sign-in; the other sessions end and every known browser is forgotten.
 */
export async function changePassword(input: { current: string; next: string; code: string; passkey?: unknown }): Promise<ActionResult<null>> {
  return asEnrolling('security', async (state) => {
    if (state.access !== 'full') return refuse(401, 'unauthorized');
    if (typeof input?.next !== 'string' || input.next.length > 1024) return refuse(400, 'invalid_body');
    try {
      checkPassword(input.next);
    } catch (error) {
      if (error instanceof OperatorAccountError) return refuse(400, 'password_too_short', { next: 'password_too_short' });
      throw error;
    }
    const refused = await proofRefusal(state, { password: input.current, code: input.code, passkey: input.passkey });
    if (refused) return refused.fields?.password ? refuse(refused.status, refused.code, { current: refused.code }) : refused;
    const { session } = state;
    await setPassword({ operatorId: session.operatorId, passwordHash: await hashPassword(input.next) });
    const ended = await endSessions({ operatorId: session.operatorId, except: session.id });
    await changed('password_changed', 'password_changed', session, { sessions_ended: ended.length });
    // The devices known before the change are forgotten; this one is known again.
    await rememberBrowser({ request: await thisRequest(), operatorId: session.operatorId });
    return done(null);
  });
}
