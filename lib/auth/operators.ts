import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { config } from '@/lib/config';
import { emit } from '@/lib/events';
import { checkEmail, checkPassword, normalizeEmail, OperatorAccountError } from './operator-accounts';
import { findSessionWithFactors, revokeOwnSessions, touchSession } from './factor-queries';
import type { OperatorRole } from './roles';
import { hasActiveAdmin } from './team-queries';
import { hashPassword, needsRehash, UNMATCHABLE_PASSWORD_HASH, verifyPassword, type HashLane } from './password';
import {
  disableOperator,
  findOperatorByEmail,
  hasOperator,
  insertFirstOperator,
  insertOperator,
  insertOperatorSession,
  markOperatorSessionRevoked,
  revokeAllOperatorSessions,
  type Operator,
  type OperatorSession,
  updateOperatorPasswordHash,
} from './queries';

export { hasOperator, OperatorAccountError, type Operator, type OperatorSession };

export const OPERATOR_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
const SESSION_ID = /^[0-9a-f]{64}$/;

/**
 * Throws OperatorAccountError ('invalid_email' | 'password_too_short' | 'email_taken'). Without a
 * role: an admin while no admin can sign in (the first account), an agent after.
 */
export async function createOperator({ email, password, role }: { email: string; password: string; role?: OperatorRole }): Promise<Operator> {
  const normalized = checkEmail(email);
  checkPassword(password);
  const chosen = role ?? ((await hasActiveAdmin()) ? 'agent' : 'admin');
  const operator = await insertOperator({ email: normalized, passwordHash: await hashPassword(password), role: chosen });
  if (!operator) throw new OperatorAccountError('email_taken', `An operator with the e-mail ${normalized} already exists.`);
  return operator;
}

/**
 * Creates OPERATOR_EMAIL / OPERATOR_PASSWORD as the first operator; does nothing once any
 * operator exists, so changing the variables later never resets a password.
 */
export async function ensureFirstOperator(
  account: { email: string; password: string } | undefined = config.operator,
): Promise<'created' | 'exists' | 'not_configured'> {
  if (!account) return 'not_configured';
  if (await hasOperator()) return 'exists';
  const email = checkEmail(account.email);
  checkPassword(account.password);
  return (await insertFirstOperator({ email, passwordHash: await hashPassword(account.password) })) ? 'created' : 'exists';
}

/**
 * Runs scrypt whether or not the e-mail exists, so timing doesn't reveal operator accounts. A
 * hash made with older parameters is replaced by one with today's, now that the password is known.
 */
export async function verifyOperatorLogin({ email, password, lane = 'known' }: { email: string; password: string; lane?: HashLane }): Promise<Operator | null> {
  const operator = await findOperatorByEmail({ email: normalizeEmail(email) });
  const valid = await verifyPassword(password, operator?.passwordHash ?? UNMATCHABLE_PASSWORD_HASH, lane);
  if (!operator || !valid || operator.disabledAt) return null;
  if (needsRehash(operator.passwordHash)) {
    await updateOperatorPasswordHash({ id: operator.id, previous: operator.passwordHash, passwordHash: await hashPassword(password) });
  }
  return { id: operator.id, email: operator.email, createdAt: operator.createdAt };
}

/** Where a session was opened from, for the "Sécurité" page (the browser's own words, cut short). */
export type SessionOrigin = { userAgent?: string | null; address?: string | null };

export async function createOperatorSession({
  operatorId,
  ttlMs = OPERATOR_SESSION_TTL_MS,
  secondFactor = false,
  origin = {},
}: {
  operatorId: number;
  ttlMs?: number;
  /** The second factor was given (or the session is opened by one). */
  secondFactor?: boolean;
  origin?: SessionOrigin;
}): Promise<{ id: string; operatorId: number; expiresAt: Date }> {
  const session = { id: randomBytes(32).toString('hex'), operatorId, expiresAt: new Date(Date.now() + ttlMs) };
  await insertOperatorSession({
    ...session,
    id: storedSessionId(session.id),
    secondFactorAt: secondFactor ? new Date() : null,
    // Opened by the password (and the factor when given): what it proves is fresh (lib/auth/fresh-proof.ts).
    verifiedAt: new Date(),
    userAgent: origin.userAgent?.slice(0, 300) ?? null,
    address: origin.address?.slice(0, 64) ?? null,
  });
  return session;
}

/**
 * The database keeps the SHA-256 of each session id, never the id the cookie carries: a copy of
 * the table (a backup, a leak) opens no session.
 */
export function storedSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/**
 * The live session of the cookie's id: null when unknown, revoked, expired or its operator
 * disabled. Its `id` is the stored one (the hash), which revokeOperatorSession takes.
 */
export async function findOperatorSession({ id }: { id: string }): Promise<OperatorSession | null> {
  const state = await findSignInState({ id });
  return state?.access === 'full' ? state.session : null;
}

/**
 * What a session may do: everything (`full`: the second factor given, or none enrolled yet within
 * the operator's grace period), give its second factor (`second_factor`), or enrol one (`enrol`:
 * the grace period is over and the operator has none).
 */
export type SessionAccess = 'full' | 'second_factor' | 'enrol';
export type SignInState = {
  session: OperatorSession;
  access: SessionAccess;
  /** Set while the operator works without a second factor: when the console will ask for one. */
  graceEndsAt: Date | null;
  methods: { totp: boolean; passkeys: number };
  /** When the password and every factor were last proved in this session (factor changes need it recent). */
  verifiedAt: Date;
  /** The address the session signed in from (its login's counters). */
  address: string | null;
};

const TOUCH_EVERY_MS = 60_000;

/**
 * The live session of the cookie's id with its access; null when unknown, revoked, expired, idle
 * past SESSION_IDLE_MINUTES or its operator disabled. Each read keeps the session alive (at most
 * one write a minute). The app's clock decides, as it set expires_at: the database may run elsewhere.
 */
export async function findSignInState({ id, now = new Date() }: { id: string; now?: Date }): Promise<SignInState | null> {
  if (!SESSION_ID.test(id)) return null;
  const { mfaGraceMs, sessionIdleMs } = config.operatorSecurity;
  const row = await findSessionWithFactors({ id: storedSessionId(id), now, idleSince: new Date(now.getTime() - sessionIdleMs) });
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await touchSession({ id: row.id, now, before: new Date(now.getTime() - TOUCH_EVERY_MS) });
  }
  const methods = { totp: row.totpEnabledAt !== null, passkeys: row.passkeys };
  const enrolled = methods.totp || methods.passkeys > 0;
  const graceEnds = new Date(row.mfaGraceFrom.getTime() + mfaGraceMs);
  const access: SessionAccess = row.secondFactorAt ? 'full' : enrolled ? 'second_factor' : now < graceEnds ? 'full' : 'enrol';
  const session = { id: row.id, operatorId: row.operatorId, email: row.email, createdAt: row.createdAt, expiresAt: row.expiresAt };
  return { session, access, graceEndsAt: enrolled ? null : graceEnds, methods, verifiedAt: row.verifiedAt, address: row.address };
}

/**
 * Returns whether a live session was revoked; `id` is the stored id (OperatorSession.id). Its
 * event streams end at once, on every instance, and the devices it subscribed to push
 * notifications are removed (logging out of a phone stops its notifications): both subscribe to
 * `operator.sessions.ended`, awaited so that the answer comes once they are done.
 */
export async function revokeOperatorSession({ id }: { id: string }): Promise<boolean> {
  if (!SESSION_ID.test(id)) return false;
  const revoked = await markOperatorSessionRevoked({ id });
  await emit('operator.sessions.ended', { sessionId: id });
  return revoked;
}

/**
 * Logs the operator out everywhere (a lost device) and removes every device subscribed to its
 * push notifications: the number of sessions revoked, null when there is no such operator.
 */
export async function revokeOperatorSessions({ email }: { email: string }): Promise<number | null> {
  const result = await revokeAllOperatorSessions({ email });
  if (!result) return null;
  await emit('operator.sessions.ended', { operatorId: result.operatorId });
  return result.revoked;
}

/** No login, no session, no open stream, no push subscription left (they are erased); null when there is no such operator. */
export async function disableOperatorAccount({ email }: { email: string }): Promise<{ revoked: number } | null> {
  const result = await disableOperator({ email });
  if (!result) return null;
  await emit('operator.sessions.ended', { operatorId: result.operatorId });
  return { revoked: result.revoked };
}

/**
 * Ends sessions of one operator, chosen on the "Sécurité" page (one by id, or all but the current
 * one): their event streams close at once on every instance and the devices they subscribed stop
 * receiving pushes. The ids ended.
 */
export async function endSessions({ operatorId, id, except }: { operatorId: number; id?: string; except?: string }): Promise<string[]> {
  const ended = await revokeOwnSessions({ operatorId, id, except });
  for (const sessionId of ended) await emit('operator.sessions.ended', { sessionId });
  return ended;
}
