import 'server-only';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { SHARED_CLIENT } from '@/lib/api/client-address';
import { answerFactor } from './factor-guard';
import { markSessionVerified, takeSessionChallenge } from './factor-queries';
import { checkLogin } from './login-guard';
import type { SignInState } from './operators';
import { checkPasskey, checkSecondFactorCode } from './second-factor';
import { recordSecurity } from './security-record';

/**
 * GitHub's "sudo mode": a change to the door (a factor added or removed, TOTP turned on, new
 * recovery codes) needs the password and a current factor given in the last 10 minutes, at
 * sign-in or again on the Sécurité page.
 */
export const FRESH_PROOF_MS = 10 * 60_000;

export const hasFreshProof = (state: Pick<SignInState, 'verifiedAt'>, now = Date.now()) => now - state.verifiedAt.getTime() < FRESH_PROOF_MS;

export type Proof = { password: string; code?: string; passkey?: AuthenticationResponseJSON };
export type ProofRefusal = {
  ok: false;
  status: number;
  code: 'wrong_password' | 'invalid_code' | 'passkey_refused' | 'rate_limited' | 'factor_throttled' | 'busy';
  retryAfterSeconds?: number;
};

/**
 * The password and (once enrolled) a code or a passkey's answer, given again in a live session.
 * Counted like a sign-in (the login throttle per pair, account and client, in the strangers' hash
 * lane; the factor per account), so that a stolen session is no password or code oracle. On
 * success the session's proof is fresh again.
 */
export async function proveAgain({
  state,
  proof,
  address,
}: {
  state: SignInState;
  proof: Proof;
  address: string | null;
}): Promise<{ ok: true } | ProofRefusal> {
  const actor = { operatorId: state.session.operatorId, email: state.session.email, sessionId: state.session.id };
  const login = await checkLogin({ email: state.session.email, password: proof.password, client: address ?? SHARED_CLIENT });
  if (login.kind === 'blocked') return { ok: false, status: 429, code: 'rate_limited', retryAfterSeconds: login.retryAfterSeconds };
  if (login.kind === 'busy') return { ok: false, status: 503, code: 'busy', retryAfterSeconds: 2 };
  if (login.kind === 'refused') {
    await recordSecurity({ action: 'sign_in_failed', actor, address, detail: { step: 'reauthentication', method: 'password' } });
    return { ok: false, status: 400, code: 'wrong_password' };
  }
  if (state.methods.totp || state.methods.passkeys > 0) {
    const { passkey, code = '' } = proof;
    const answer = await answerFactor({
      actor,
      address,
      check: async () =>
        passkey
          ? (await checkPasskey({ operatorId: actor.operatorId, response: passkey, challenge: await takeSessionChallenge({ id: actor.sessionId }) }))
            ? 'passkey'
            : null
          : checkSecondFactorCode({ operatorId: actor.operatorId, code }),
    });
    if (answer.kind === 'throttled') return { ok: false, status: 429, code: 'factor_throttled', retryAfterSeconds: answer.retryAfterSeconds };
    if (answer.kind !== 'ok') {
      await recordSecurity({ action: 'sign_in_failed', actor, address, detail: { step: 'reauthentication', method: passkey ? 'passkey' : 'code' } });
      return { ok: false, status: 400, code: passkey ? 'passkey_refused' : 'invalid_code' };
    }
  }
  await login.release();
  await markSessionVerified({ id: actor.sessionId });
  await recordSecurity({ action: 'reauthenticated', actor, address });
  return { ok: true };
}
