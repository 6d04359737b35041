import 'server-only';
import { getCurrentOperator, getSignInState } from './operator-session';
import type { OperatorSession, SignInState } from './operators';
import { describeError } from '@/lib/log/describe-error';

/**
 * What a console server action answers: its value, or a refusal the console translates, with the
 * status the same refusal has on the HTTP API (401 without a session, 400 bad input, 404, 409, 503).
 */
export type ActionRefusal = { ok: false; status: number; code: string; fields?: Record<string, string> };
export type ActionResult<T> = { ok: true; value: T } | ActionRefusal;

/** `fields`: what is wrong with each field of a form, for the form to say beside it. */
export const refuse = (status: number, code: string, fields?: Record<string, string>): ActionRefusal => ({
  ok: false,
  status,
  code,
  ...(fields ? { fields } : {}),
});
export const done = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

/**
 * The one guard of the console's server actions: the session is checked again on every call (an
 * action is a public POST endpoint), and a failure behind it is logged without its values
 * (lib/log) and answered 503, never a crash.
 */
/**
 * The guard of what a session may do before it has every factor: enrol one once the grace period
 * is over (`enrol`), or anything a full session may (`full`). Never a session that owes its code.
 */
export async function asEnrolling<T>(label: string, run: (state: SignInState) => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    const state = await getSignInState();
    if (!state || state.access === 'second_factor') return refuse(401, 'unauthorized');
    return await run(state);
  } catch (error) {
    console.error(`[${label}] ${describeError(error)}`);
    return refuse(503, 'unavailable');
  }
}

export async function asOperator<T>(label: string, run: (operator: OperatorSession) => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    const operator = await getCurrentOperator();
    if (!operator) return refuse(401, 'unauthorized');
    return await run(operator);
  } catch (error) {
    console.error(`[${label}] ${describeError(error)}`);
    return refuse(503, 'unavailable');
  }
}
