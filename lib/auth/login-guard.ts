import 'server-only';
import { createWindowMap } from '@/lib/api/window-map';
import { emit } from '@/lib/events';
import { isKnownDevice, type KnownDevice } from './known-device';
import { normalizeEmail } from './operator-accounts';
import { verifyOperatorLogin, type Operator } from './operators';
import { loginCounters } from './login-throttle';
import { rememberRefusal } from './login-refusals';
import { HashQueueFullError } from './password';
import { findOperatorByEmail } from './queries';
import { createSharedLoginThrottle } from './shared-login-throttle';

const WINDOW_MINUTES = 15;
/**
 * Failures per 15 minutes: 5 per (e-mail, client) and 20 per client whatever the e-mails (a client
 * trying addresses), 20 per account whatever the clients (a crowd guessing one password); past
 * them a 429 costs no hash. The account's own browsers are counted by the pair only.
 */
export const LOGIN_LIMITS = { perPair: 5, perAccount: 20, perClient: 20, windowMs: WINDOW_MINUTES * 60_000 } as const;
/** Failures on an operator account after which the agency is alerted (again when it locks). */
export const LOGIN_ALERT_AFTER = 5;
/** Alert e-mails per hour and process, whatever the flood: the inbox stays readable. */
export const LOGIN_ALERTS_PER_HOUR = 3;

const throttle = createSharedLoginThrottle(LOGIN_LIMITS);
const alertBudget = createWindowMap({ windowMs: 60 * 60_000, maxKeys: 1 });

export const LOGIN_REFUSALS = {
  refused: 'Wrong e-mail or password.',
  busy: 'Too many logins at once, try again in a moment.',
} as const;

export type LoginOutcome =
  /** `release`: gives the attempt back, once the sign-in is complete (no second factor owed, or it held). */
  | { kind: 'ok'; operator: Operator; release: () => Promise<void> }
  /** `operatorId`: the account exists (a failure the audit trail records against it). */
  | { kind: 'refused'; operatorId: number | null }
  | { kind: 'blocked'; retryAfterSeconds: number }
  | { kind: 'busy' };

function alert(event: { email: string; failures: number; locked: boolean }): void {
  const window = alertBudget.current('alerts', Date.now());
  if (window.count >= LOGIN_ALERTS_PER_HOUR) return;
  window.count += 1;
  void emit('operator.login.suspicious', { ...event, windowMinutes: WINDOW_MINUTES });
}

/**
 * At 5 failures on an account, and when it locks (20), the agency is alerted (the owner too at the
 * lock), when the address is an operator's that can sign in: never for addresses that are no account.
 */
async function alertIfDue(email: string, failures: number, account?: { disabledAt: Date | null } | null): Promise<void> {
  if (failures !== LOGIN_ALERT_AFTER && failures !== LOGIN_LIMITS.perAccount) return;
  // Looked up only when an alert is due, unless the caller already has it.
  const found = account === undefined ? await findOperatorByEmail({ email }) : account;
  if (found && !found.disabledAt) alert({ email, failures, locked: failures === LOGIN_LIMITS.perAccount });
}

/**
 * Judges one login: the limits first (no hash spent past them), then the password in its lane
 * (strangers and the account's own browsers never wait for each other). A right password still
 * counts until the caller releases it: when no second factor is owed, or once it held
 * (releaseSignIn), so that whoever has only the password cannot sign in again without limit to
 * guess codes. Alerts only ever name an existing operator account.
 */
export async function checkLogin({
  email,
  password,
  client,
  device = null,
}: {
  email: string;
  password: string;
  client: string;
  device?: KnownDevice | null;
}): Promise<LoginOutcome> {
  const normalized = normalizeEmail(email);
  // Only a browser that carries a device cookie costs a lookup before the limits: a flood costs none.
  const knownDevice = device ? isKnownDevice(device, await findOperatorByEmail({ email: normalized })) : false;
  const keys = { email: normalized, client, knownDevice };
  const verdict = await throttle.attempt(keys);
  if (!verdict.ok) {
    // The next attempts on this counter are refused before Next's chain (login-gate.ts).
    const full = loginCounters(keys, LOGIN_LIMITS).find((counter) => counter.limit === verdict.limit);
    if (full) rememberRefusal(full.key, Date.now() + verdict.retryAfterSeconds * 1000);
    return { kind: 'blocked', retryAfterSeconds: verdict.retryAfterSeconds };
  }
  let judged = false;
  try {
    const operator = await verifyOperatorLogin({ email, password, lane: knownDevice ? 'known' : 'stranger' });
    judged = true;
    if (operator) return { kind: 'ok', operator, release: verdict.release };
    // A judged failure (at most 40 a window) is worth a lookup: the audit trail and the alerts name real accounts only.
    const account = await findOperatorByEmail({ email: normalized });
    await alertIfDue(normalized, verdict.accountFailures, account);
    return { kind: 'refused', operatorId: account && !account.disabledAt ? account.id : null };
  } catch (error) {
    if (error instanceof HashQueueFullError) {
      // Refused for want of a hash slot, it still counts: a flood soon reaches its limits and then
      // costs no hash at all, instead of keeping the strangers' lane busy.
      judged = true;
      await alertIfDue(normalized, verdict.accountFailures);
      return { kind: 'busy' };
    }
    throw error;
  } finally {
    if (!judged) await verdict.release();
  }
}

/**
 * The second factor held: the login that gave the password (`client`, from `signedInAt`) is given
 * back to its counters. A login older than the window was counted in a window that has ended.
 */
export async function releaseSignIn({
  email,
  client,
  signedInAt,
  device,
}: {
  email: string;
  client: string;
  signedInAt: Date;
  device: KnownDevice | null;
}): Promise<void> {
  if (Date.now() - signedInAt.getTime() >= LOGIN_LIMITS.windowMs) return;
  const normalized = normalizeEmail(email);
  const knownDevice = device ? isKnownDevice(device, await findOperatorByEmail({ email: normalized })) : false;
  await throttle.release({ email: normalized, client, knownDevice });
}
