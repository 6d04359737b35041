import 'server-only';
import { SHARED_CLIENT } from '@/lib/api/client-address';
import { withDatabase } from '@/lib/api/database-errors';
import { apiError, readJsonObject } from '@/lib/api/responses';
import { crossSiteRefusal } from '@/lib/api/same-origin';
import { answerFactor } from './factor-guard';
import { takeFactorAttempt } from './factor-queries';
import { releaseSignIn } from './login-guard';
import { markOperatorSessionRevoked } from './queries';
import { completeSignIn, currentKnownDevice, getSignInState } from './operator-session';
import type { SignInState } from './operators';
import { recordSecurity } from './security-record';
import type { FactorUse } from './second-factor';

const NO_STORE = { 'Cache-Control': 'no-store' };
/** Codes or passkey answers a password-only session may give; then the password is asked again. */
export const MAX_FACTOR_FAILURES = 5;

export const actorOf = (state: SignInState) => ({ operatorId: state.session.operatorId, email: state.session.email, sessionId: state.session.id });

/**
 * The second step of a sign-in (a route under /api/admin/login/): only a session that has given
 * its password and owes its second factor gets here; the JSON body goes to `run`.
 */
export function secondStep(run: (args: { request: Request; state: SignInState; body: Record<string, unknown> }) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    const crossSite = crossSiteRefusal(request);
    if (crossSite) return crossSite;
    const read = await readJsonObject(request);
    if (!read.ok) return read.response;
    return withDatabase('admin-login', async () => {
      const state = await getSignInState();
      if (state?.access !== 'second_factor') return apiError(401, 'unauthorized', 'Give your password first.', {}, NO_STORE);
      return run({ request, state, body: read.body });
    });
  };
}

/**
 * One answer to the second factor at sign-in: counted against the account (factor-guard.ts), then
 * against the session, before it is judged. Refused for the account: 429 `factor_throttled`; the
 * session's five used up: it ends (401 `factor_locked`, the password is asked again).
 */
export async function judgeFactor({
  request,
  state,
  method,
  check,
}: {
  request: Request;
  state: SignInState;
  method: 'code' | 'passkey';
  check: () => Promise<FactorUse | 'passkey' | null>;
}): Promise<Response> {
  const answer = await answerFactor({
    actor: actorOf(state),
    request,
    admit: () => takeFactorAttempt({ id: state.session.id, max: MAX_FACTOR_FAILURES }),
    check,
  });
  if (answer.kind === 'ok') return factorAccepted({ request, state, use: answer.use });
  if (answer.kind === 'throttled') {
    const retryAfterSeconds = answer.retryAfterSeconds;
    return apiError(
      429,
      'factor_throttled',
      'Too many wrong codes on this account: try again later.',
      { retryAfterSeconds },
      {
        ...NO_STORE,
        'Retry-After': String(retryAfterSeconds),
      },
    );
  }
  if (answer.kind === 'not_admitted') {
    await markOperatorSessionRevoked({ id: state.session.id });
    return apiError(401, 'factor_locked', 'Too many wrong codes: sign in again.', {}, NO_STORE);
  }
  await recordSecurity({ action: 'sign_in_failed', actor: actorOf(state), request, detail: { method, failures: answer.failures } });
  return apiError(401, 'invalid_code', 'Wrong code.', {}, NO_STORE);
}

/** The factor held: the login that gave the password is given back, and a new session with every factor, on record. */
async function factorAccepted({ request, state, use }: { request: Request; state: SignInState; use: FactorUse | 'passkey' }): Promise<Response> {
  await releaseSignIn({
    email: state.session.email,
    client: state.address ?? SHARED_CLIENT,
    signedInAt: state.session.createdAt,
    device: await currentKnownDevice(),
  });
  await completeSignIn({ request, state });
  await recordSecurity({ action: use === 'recovery_code' ? 'recovery_code_used' : 'mfa_used', actor: actorOf(state), request, detail: { method: use } });
  return Response.json({ ok: true }, { headers: NO_STORE });
}
