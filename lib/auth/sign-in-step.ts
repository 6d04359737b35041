import 'server-only';
import { withDatabase } from '@/lib/api/database-errors';
import { apiError, readJsonObject } from '@/lib/api/responses';
import { crossSiteRefusal } from '@/lib/api/same-origin';
import { countFactorFailure } from './factor-queries';
import { markOperatorSessionRevoked } from './queries';
import { completeSignIn, getSignInState } from './operator-session';
import type { SignInState } from './operators';
import { recordSecurity } from './security-record';
import type { FactorUse } from './second-factor';

const NO_STORE = { 'Cache-Control': 'no-store' };
/** Wrong codes or passkey answers a password-only session may give; then the password is asked again. */
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

/** The factor held: a new session with every factor, on record. */
export async function factorAccepted({ request, state, use }: { request: Request; state: SignInState; use: FactorUse | 'passkey' }): Promise<Response> {
  await completeSignIn({ request, state });
  await recordSecurity({ action: use === 'recovery_code' ? 'recovery_code_used' : 'mfa_used', actor: actorOf(state), request, detail: { method: use } });
  return Response.json({ ok: true }, { headers: NO_STORE });
}

/** A wrong code or answer: counted against the session, which ends at the fifth (the password is asked again). */
export async function factorRefused({ request, state, method }: { request: Request; state: SignInState; method: string }): Promise<Response> {
  const failures = await countFactorFailure({ id: state.session.id });
  await recordSecurity({ action: 'sign_in_failed', actor: actorOf(state), request, detail: { method, failures } });
  if (failures >= MAX_FACTOR_FAILURES) {
    await markOperatorSessionRevoked({ id: state.session.id });
    return apiError(401, 'factor_locked', 'Too many wrong codes: sign in again.', {}, NO_STORE);
  }
  return apiError(401, 'invalid_code', 'Wrong code.', {}, NO_STORE);
}
