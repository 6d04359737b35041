import 'server-only';
import { emit } from '@/lib/events';
import { createFactorThrottle } from './factor-throttle';
import { recordSecurity } from './security-record';

const FACTOR_WINDOW_MINUTES = 15;
/**
 * Wrong second-factor answers per operator account in 15 minutes, whatever the sessions, clients
 * and instances (sign-in and the Sécurité page's re-authentication alike): past them the factor is
 * refused for the rest of the window, and the owner is told.
 */
export const FACTOR_LIMITS = { perAccount: 10, windowMs: FACTOR_WINDOW_MINUTES * 60_000 } as const;

const throttle = createFactorThrottle(FACTOR_LIMITS);

type Actor = { operatorId: number; email: string; sessionId: string };
export type FactorAnswer<U> = { kind: 'ok'; use: U } | { kind: 'wrong'; failures: number } | { kind: 'throttled'; retryAfterSeconds: number };

/**
 * Judges one answer to the second factor: counted against the account first (then `admit` may
 * refuse it too, e.g. the session's own count), so that neither parallel answers nor new sign-ins
 * get more guesses; a right answer gives its count back. The failure that reaches the limit goes on
 * the journal and to the owner's mailbox and devices.
 */
export async function answerFactor<U>({
  actor,
  request,
  address,
  admit = async () => true,
  check,
}: {
  actor: Actor;
  request?: Request;
  address?: string | null;
  admit?: () => Promise<boolean>;
  check: () => Promise<U | null>;
}): Promise<FactorAnswer<U> | { kind: 'not_admitted' }> {
  const verdict = await throttle.attempt(actor.operatorId);
  if (!verdict.ok) return { kind: 'throttled', retryAfterSeconds: verdict.retryAfterSeconds };
  if (!(await admit())) {
    await verdict.succeeded();
    return { kind: 'not_admitted' };
  }
  const use = await check();
  if (use !== null) {
    await verdict.succeeded();
    return { kind: 'ok', use };
  }
  if (verdict.failures === FACTOR_LIMITS.perAccount) {
    await recordSecurity({ action: 'factor_locked', actor, request, address, detail: { failures: verdict.failures } });
    void emit('operator.factor.locked', { operatorId: actor.operatorId, email: actor.email, failures: verdict.failures, windowMinutes: FACTOR_WINDOW_MINUTES });
  }
  return { kind: 'wrong', failures: verdict.failures };
}
