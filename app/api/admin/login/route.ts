import { withDatabase } from '@/lib/api/database-errors';
import { clientAddress } from '@/lib/api/client-address';
import { apiError, readJsonObject, tooManyRequests } from '@/lib/api/responses';
import { checkLogin, LOGIN_REFUSALS } from '@/lib/auth/login-guard';
import { loginSchema } from '@/lib/auth/login-input';
import { currentKnownDevice, rememberBrowser, signInOperator } from '@/lib/auth/operator-session';
import { findSignInState } from '@/lib/auth/operators';
import { recordSecurity } from '@/lib/auth/security-record';

const NO_STORE = { 'Cache-Control': 'no-store' };

export async function POST(request: Request) {
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const parsed = loginSchema.safeParse(read.body);
  if (!parsed.success) return apiError(400, 'invalid_body', 'Send an e-mail and a password.');
  return withDatabase('admin-login', async () => {
    const outcome = await checkLogin({ ...parsed.data, client: clientAddress(request), device: await currentKnownDevice() });
    if (outcome.kind === 'blocked') return tooManyRequests(outcome.retryAfterSeconds);
    if (outcome.kind === 'busy') return apiError(503, 'busy', LOGIN_REFUSALS.busy, {}, { ...NO_STORE, 'Retry-After': '2' });
    if (outcome.kind === 'refused') {
      if (outcome.operatorId !== null) {
        await recordSecurity({
          action: 'sign_in_failed',
          actor: { operatorId: outcome.operatorId, email: parsed.data.email.toLowerCase(), sessionId: null },
          request,
        });
      }
      return apiError(401, 'invalid_credentials', LOGIN_REFUSALS.refused, {}, NO_STORE);
    }
    const { id } = await signInOperator({ request, operatorId: outcome.operator.id });
    // What the console asks next: the second factor, an enrolment once the grace period is over, or nothing.
    const state = await findSignInState({ id });
    const next = state?.access ?? 'full';
    // A password that still owes its second factor keeps counting as a failure until the factor holds.
    if (next !== 'second_factor') await outcome.release();
    if (next === 'full') await rememberBrowser({ request, operatorId: outcome.operator.id });
    await recordSecurity({
      action: 'sign_in',
      actor: { operatorId: outcome.operator.id, email: outcome.operator.email, sessionId: state?.session.id ?? null },
      request,
      detail: { step: next === 'full' ? 'password_only' : next },
    });
    return Response.json({ ok: true, email: outcome.operator.email, next }, { headers: NO_STORE });
  });
}
