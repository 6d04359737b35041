import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { emit } from '@/lib/events';
import { createSharedLoginThrottle } from './shared-login-throttle';
import { verifyOperatorLogin, type Operator } from './operators';
import { HashQueueFullError } from './password';

const WINDOW_MINUTES = 15;
/** Failures on one e-mail (any clients) after which attempts slow down and the operator is alerted. */
export const LOGIN_ALERT_AFTER = 5;

// Per 15 minutes: 5 failures per (e-mail, client) block that pair; past 5 per e-mail, delays.
const throttle = createSharedLoginThrottle({ perPair: 5, delayAfter: LOGIN_ALERT_AFTER, maxDelayMs: 30_000, windowMs: WINDOW_MINUTES * 60_000 });

export const LOGIN_REFUSALS = {
  refused: 'Wrong e-mail or password.',
  busy: 'Too many logins at once, try again in a moment.',
} as const;

export type LoginOutcome = { kind: 'ok'; operator: Operator } | { kind: 'refused' } | { kind: 'blocked'; retryAfterSeconds: number } | { kind: 'busy' };

/**
 * Judges one login: the pair's block first (no hash spent), then the e-mail's delay, then the
 * password through the bounded hash queue. The attempt is given back unless it failed.
 */
export async function checkLogin({ email, password, client }: { email: string; password: string; client: string }): Promise<LoginOutcome> {
  const keys = { email, client };
  const verdict = await throttle.attempt(keys);
  if (!verdict.ok) return { kind: 'blocked', retryAfterSeconds: verdict.retryAfterSeconds };
  let judged = false;
  try {
    if (verdict.delayMs > 0) await sleep(verdict.delayMs);
    const operator = await verifyOperatorLogin({ email, password });
    judged = true;
    if (operator) {
      await verdict.release();
      return { kind: 'ok', operator };
    }
    if (verdict.emailFailures === LOGIN_ALERT_AFTER) {
      void emit('operator.login.suspicious', { email: email.trim().toLowerCase(), failures: verdict.emailFailures, windowMinutes: WINDOW_MINUTES });
    }
    return { kind: 'refused' };
  } catch (error) {
    if (error instanceof HashQueueFullError) return { kind: 'busy' };
    throw error;
  } finally {
    if (!judged) await verdict.release();
  }
}
