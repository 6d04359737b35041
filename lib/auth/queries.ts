import 'server-only';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { operatorSessions, operators } from '@/lib/db/schema';

export type Operator = { id: number; email: string; createdAt: Date };
export type OperatorSession = { id: string; operatorId: number; email: string; createdAt: Date; expiresAt: Date };

const operatorColumns = { id: operators.id, email: operators.email, createdAt: operators.createdAt };

// PGlite returns BIGINT as number, pg as string: ids leave this module as numbers.
const toOperator = (row: Operator): Operator => ({ ...row, id: Number(row.id) });

/** null when the e-mail is taken. */
export async function insertOperator({
  email,
  passwordHash,
  role,
}: {
  email: string;
  passwordHash: string;
  role: 'admin' | 'agent';
}): Promise<Operator | null> {
  const db = await getDb();
  const [row] = await db.insert(operators).values({ email, passwordHash, role }).onConflictDoNothing().returning(operatorColumns);
  return row ? toOperator(row) : null;
}

// Serialises the first-operator check of instances starting together against one PostgreSQL.
const FIRST_OPERATOR_LOCK_KEY = 7_426_103_516;

/** Inserts only while the table is empty: of instances starting together, one wins. */
export async function insertFirstOperator({ email, passwordHash }: { email: string; passwordHash: string }): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Raw SQL: Drizzle has no builder for advisory locks.
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_OPERATOR_LOCK_KEY})`);
    const [existing] = await tx.select({ id: operators.id }).from(operators).limit(1);
    if (existing) return false;
    const rows = await tx.insert(operators).values({ email, passwordHash, role: 'admin' }).onConflictDoNothing().returning({ id: operators.id });
    return rows.length > 0;
  });
}

export async function hasOperator(): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ id: operators.id }).from(operators).limit(1);
  return row !== undefined;
}

export async function findOperatorByEmail({ email }: { email: string }) {
  const db = await getDb();
  const [row] = await db.select().from(operators).where(eq(operators.email, email)).limit(1);
  return row ? { ...toOperator(row), passwordHash: row.passwordHash, disabledAt: row.disabledAt, passwordChangedAt: row.passwordChangedAt } : null;
}

export async function insertOperatorSession(session: {
  id: string;
  operatorId: number;
  expiresAt: Date;
  secondFactorAt?: Date | null;
  verifiedAt?: Date;
  userAgent?: string | null;
  address?: string | null;
}): Promise<void> {
  const db = await getDb();
  await db.insert(operatorSessions).values(session);
}

/** Which of these sessions are still live (not revoked, not expired, their operator not disabled). */
export async function listLiveOperatorSessionIds({ ids, now }: { ids: string[]; now: Date }): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const db = await getDb();
  const rows = await db
    .select({ id: operatorSessions.id })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(inArray(operatorSessions.id, ids), isNull(operatorSessions.revokedAt), gt(operatorSessions.expiresAt, now), isNull(operators.disabledAt)));
  return new Set(rows.map((row) => row.id));
}

/** Returns whether a live session was revoked. */
export async function markOperatorSessionRevoked({ id }: { id: string }): Promise<boolean> {
  const db = await getDb();
  const revoked = await db
    .update(operatorSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(operatorSessions.id, id), isNull(operatorSessions.revokedAt)))
    .returning({ id: operatorSessions.id });
  return revoked.length > 0;
}

/** Replaces the stored hash only if it is still `previous`: a concurrent password change wins. */
export async function updateOperatorPasswordHash({ id, previous, passwordHash }: { id: number; previous: string; passwordHash: string }): Promise<void> {
  const db = await getDb();
  await db
    .update(operators)
    .set({ passwordHash })
    .where(and(eq(operators.id, id), eq(operators.passwordHash, previous)));
}

type Revoked = { operatorId: number; revoked: number };

/** Revokes every live session of the operator with this e-mail; null when there is no such operator. */
export async function revokeAllOperatorSessions({ email }: { email: string }): Promise<Revoked | null> {
  const db = await getDb();
  const [operator] = await db.select({ id: operators.id }).from(operators).where(eq(operators.email, email)).limit(1);
  if (!operator) return null;
  const operatorId = Number(operator.id);
  const revoked = await db
    .update(operatorSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)))
    .returning({ id: operatorSessions.id });
  return { operatorId, revoked: revoked.length };
}

/** Disables the operator (no login, no session) and revokes its sessions; null when unknown. */
export async function disableOperator({ email }: { email: string }): Promise<Revoked | null> {
  const db = await getDb();
  const [operator] = await db.update(operators).set({ disabledAt: new Date() }).where(eq(operators.email, email)).returning({ id: operators.id });
  if (!operator) return null;
  return { operatorId: Number(operator.id), revoked: (await revokeAllOperatorSessions({ email }))?.revoked ?? 0 };
}

/** The e-mails of the operators who can sign in, but one (who is told of another's export). */
export async function listOtherOperatorEmails({ exceptId }: { exceptId: number }): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ email: operators.email })
    .from(operators)
    .where(and(isNull(operators.disabledAt), sql`${operators.id} <> ${exceptId}`))
    .orderBy(operators.email);
  return rows.map((row) => row.email);
}
