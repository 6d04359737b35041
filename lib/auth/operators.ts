import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getDb, getDbHandle } from '@/lib/db/client';
import { operatorSessions, operators } from '@/lib/db/schema';
import {
  createOperatorAccount,
  ensureOperatorFromEnv as ensureOperatorFromEnvWith,
  normalizeEmail,
  type Operator,
} from './operator-accounts.mjs';
import { UNMATCHABLE_PASSWORD_HASH, verifyPassword } from './password-hash.mjs';

export { OperatorAccountError, type Operator } from './operator-accounts.mjs';

export const OPERATOR_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
const SESSION_ID = /^[0-9a-f]{64}$/;

export type OperatorSession = {
  id: string;
  operatorId: number;
  email: string;
  createdAt: Date;
  expiresAt: Date;
};

/** Throws OperatorAccountError ('invalid_email' | 'password_too_short' | 'email_taken'). */
export async function createOperator({ email, password }: { email: string; password: string }): Promise<Operator> {
  return createOperatorAccount(await getDbHandle(), { email, password });
}

/** Runs scrypt whether or not the e-mail exists, so timing doesn't reveal operator accounts. */
export async function verifyOperatorLogin({
  email,
  password,
}: {
  email: string;
  password: string;
}): Promise<Operator | null> {
  const db = await getDb();
  const [operator] = await db
    .select()
    .from(operators)
    .where(eq(operators.email, normalizeEmail(email)))
    .limit(1);
  const valid = await verifyPassword(password, operator?.passwordHash ?? UNMATCHABLE_PASSWORD_HASH);
  if (!operator || !valid) return null;
  return { id: operator.id, email: operator.email, createdAt: operator.createdAt };
}

export async function createOperatorSession({
  operatorId,
  ttlMs = OPERATOR_SESSION_TTL_MS,
}: {
  operatorId: number;
  ttlMs?: number;
}): Promise<{ id: string; operatorId: number; expiresAt: Date }> {
  const db = await getDb();
  const id = randomBytes(32).toString('hex');
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.insert(operatorSessions).values({ id, operatorId, expiresAt });
  return { id, operatorId, expiresAt };
}

/** The live session with this id: null when unknown, revoked or expired. */
export async function findOperatorSession({ id }: { id: string }): Promise<OperatorSession | null> {
  if (!SESSION_ID.test(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      id: operatorSessions.id,
      operatorId: operatorSessions.operatorId,
      email: operators.email,
      createdAt: operatorSessions.createdAt,
      expiresAt: operatorSessions.expiresAt,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.id, id),
        isNull(operatorSessions.revokedAt),
        // The app's clock decides, as it set expires_at: the database may run elsewhere.
        gt(operatorSessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Returns whether a live session was revoked. */
export async function revokeOperatorSession({ id }: { id: string }): Promise<boolean> {
  if (!SESSION_ID.test(id)) return false;
  const db = await getDb();
  const revoked = await db
    .update(operatorSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(operatorSessions.id, id), isNull(operatorSessions.revokedAt)))
    .returning({ id: operatorSessions.id });
  return revoked.length > 0;
}

/** Also run by getDb() at start-up. */
export async function ensureOperatorFromEnv({
  env = process.env,
}: { env?: Record<string, string | undefined> } = {}): Promise<'created' | 'exists' | 'not_configured'> {
  return ensureOperatorFromEnvWith(await getDbHandle(), env);
}
