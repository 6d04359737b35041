import 'server-only';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { operatorPasskeys, operatorRecoveryCodes, operators, operatorSessions } from '@/lib/db/schema';

// The second factor's rows (lib/auth/second-factor.ts decides): TOTP key and last step, recovery
// codes, passkeys, and what a session knows of them. Ids leave as numbers (PGlite and pg differ).

/** A live session with what decides its access: the second factor given, the operator's factors and grace. */
export async function findSessionWithFactors({ id, now, idleSince }: { id: string; now: Date; idleSince: Date }) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: operatorSessions.id,
      operatorId: operatorSessions.operatorId,
      email: operators.email,
      createdAt: operatorSessions.createdAt,
      expiresAt: operatorSessions.expiresAt,
      lastSeenAt: operatorSessions.lastSeenAt,
      secondFactorAt: operatorSessions.secondFactorAt,
      verifiedAt: operatorSessions.verifiedAt,
      address: operatorSessions.address,
      totpEnabledAt: operators.totpEnabledAt,
      mfaGraceFrom: operators.mfaGraceFrom,
      passkeys: db.$count(operatorPasskeys, eq(operatorPasskeys.operatorId, operators.id)),
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.id, id),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
        gt(operatorSessions.lastSeenAt, idleSince),
        isNull(operators.disabledAt),
      ),
    )
    .limit(1);
  return row ? { ...row, operatorId: Number(row.operatorId), passkeys: Number(row.passkeys) } : null;
}

/** At most one write a minute per session: `before` is a minute ago. */
export async function touchSession({ id, now, before }: { id: string; now: Date; before: Date }): Promise<void> {
  const db = await getDb();
  await db
    .update(operatorSessions)
    .set({ lastSeenAt: now })
    .where(and(eq(operatorSessions.id, id), lt(operatorSessions.lastSeenAt, before)));
}

/** A WebAuthn challenge is answered within this, or never. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export async function setSessionChallenge({ id, challenge, now = new Date() }: { id: string; challenge: string | null; now?: Date }): Promise<void> {
  const db = await getDb();
  const challengeExpiresAt = challenge ? new Date(now.getTime() + CHALLENGE_TTL_MS) : null;
  await db.update(operatorSessions).set({ challenge, challengeExpiresAt }).where(eq(operatorSessions.id, id));
}

/** The session's pending passkey challenge unless expired, cleared as it is read: each is answered once. */
export async function takeSessionChallenge({ id, now = new Date() }: { id: string; now?: Date }): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ challenge: operatorSessions.challenge, expiresAt: operatorSessions.challengeExpiresAt })
    .from(operatorSessions)
    .where(eq(operatorSessions.id, id))
    .limit(1);
  if (!row?.challenge) return null;
  // Cleared only if still the one read: of two answers at once, one gets it.
  const taken = await db
    .update(operatorSessions)
    .set({ challenge: null, challengeExpiresAt: null })
    .where(and(eq(operatorSessions.id, id), eq(operatorSessions.challenge, row.challenge)))
    .returning({ id: operatorSessions.id });
  return taken.length > 0 && row.expiresAt && row.expiresAt > now ? row.challenge : null;
}

/**
 * Takes one of the session's `max` answers to the second factor before it is judged (parallel
 * answers cannot all pass a check made after them): false once they are used up.
 */
export async function takeFactorAttempt({ id, max }: { id: string; max: number }): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(operatorSessions)
    .set({ factorFailures: sql`${operatorSessions.factorFailures} + 1` })
    .where(and(eq(operatorSessions.id, id), lt(operatorSessions.factorFailures, max)))
    .returning({ id: operatorSessions.id });
  return rows.length > 0;
}

/** The session proved the password and every factor again (the Sécurité page's re-authentication). */
export async function markSessionVerified({ id, now = new Date() }: { id: string; now?: Date }): Promise<void> {
  const db = await getDb();
  await db.update(operatorSessions).set({ verifiedAt: now }).where(eq(operatorSessions.id, id));
}

export async function findOperatorFactors({ operatorId }: { operatorId: number }) {
  const db = await getDb();
  const [operator] = await db
    .select({
      email: operators.email,
      passwordHash: operators.passwordHash,
      totpSecret: operators.totpSecret,
      totpEnabledAt: operators.totpEnabledAt,
      totpLastStep: operators.totpLastStep,
      mfaGraceFrom: operators.mfaGraceFrom,
    })
    .from(operators)
    .where(eq(operators.id, operatorId))
    .limit(1);
  if (!operator) return null;
  const passkeys = await db
    .select({
      id: operatorPasskeys.id,
      name: operatorPasskeys.name,
      publicKey: operatorPasskeys.publicKey,
      counter: operatorPasskeys.counter,
      transports: operatorPasskeys.transports,
      createdAt: operatorPasskeys.createdAt,
      lastUsedAt: operatorPasskeys.lastUsedAt,
    })
    .from(operatorPasskeys)
    .where(eq(operatorPasskeys.operatorId, operatorId))
    .orderBy(operatorPasskeys.createdAt);
  const recoveryCodesLeft = await db.$count(operatorRecoveryCodes, and(eq(operatorRecoveryCodes.operatorId, operatorId), isNull(operatorRecoveryCodes.usedAt)));
  return {
    ...operator,
    totpLastStep: Number(operator.totpLastStep),
    passkeys: passkeys.map((p) => ({ ...p, counter: Number(p.counter) })),
    recoveryCodesLeft: Number(recoveryCodesLeft),
  };
}

/** A key waiting for its first code; refused once TOTP is on (replacing it takes a reset). */
export async function setPendingTotpSecret({ operatorId, sealed }: { operatorId: number; sealed: string }): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(operators)
    .set({ totpSecret: sealed })
    .where(and(eq(operators.id, operatorId), isNull(operators.totpEnabledAt)))
    .returning({ id: operators.id });
  return rows.length > 0;
}

export async function enableTotp({ operatorId, step }: { operatorId: number; step: number }): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(operators)
    .set({ totpEnabledAt: new Date(), totpLastStep: step })
    .where(and(eq(operators.id, operatorId), isNull(operators.totpEnabledAt)))
    .returning({ id: operators.id });
  return rows.length > 0;
}

/** Accepts a step only above the last one used: each code once, even from two requests at once. */
export async function spendTotpStep({ operatorId, step }: { operatorId: number; step: number }): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.id, operatorId), lt(operators.totpLastStep, step)))
    .returning({ id: operators.id });
  return rows.length > 0;
}

export async function replaceRecoveryCodes({ operatorId, hashes }: { operatorId: number; hashes: string[] }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operatorId));
    await tx.insert(operatorRecoveryCodes).values(hashes.map((codeHash) => ({ operatorId, codeHash })));
  });
}

export async function spendRecoveryCode({ operatorId, hash }: { operatorId: number; hash: string }): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(operatorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(operatorRecoveryCodes.operatorId, operatorId), eq(operatorRecoveryCodes.codeHash, hash), isNull(operatorRecoveryCodes.usedAt)))
    .returning({ id: operatorRecoveryCodes.id });
  return rows.length > 0;
}

export async function insertPasskey(passkey: {
  id: string;
  operatorId: number;
  name: string;
  publicKey: string;
  counter: number;
  transports: string;
}): Promise<boolean> {
  const db = await getDb();
  const rows = await db.insert(operatorPasskeys).values(passkey).onConflictDoNothing().returning({ id: operatorPasskeys.id });
  return rows.length > 0;
}

export async function renamePasskey({ operatorId, id, name }: { operatorId: number; id: string; name: string }): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(operatorPasskeys)
    .set({ name })
    .where(and(eq(operatorPasskeys.id, id), eq(operatorPasskeys.operatorId, operatorId)))
    .returning({ id: operatorPasskeys.id });
  return rows.length > 0;
}

export async function deletePasskey({ operatorId, id }: { operatorId: number; id: string }): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(operatorPasskeys)
    .where(and(eq(operatorPasskeys.id, id), eq(operatorPasskeys.operatorId, operatorId)))
    .returning({ id: operatorPasskeys.id });
  return rows.length > 0;
}

export async function passkeyUsed({ id, counter }: { id: string; counter: number }): Promise<void> {
  const db = await getDb();
  await db.update(operatorPasskeys).set({ counter, lastUsedAt: new Date() }).where(eq(operatorPasskeys.id, id));
}

/** A lost phone: no TOTP, no passkey, no recovery code, no session; the next sign-in enrols again at once. */
export async function clearSecondFactor({ email }: { email: string }): Promise<number | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [operator] = await tx
      .update(operators)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: 0, mfaGraceFrom: new Date(0) })
      .where(eq(operators.email, email))
      .returning({ id: operators.id });
    if (!operator) return null;
    const operatorId = Number(operator.id);
    await tx.delete(operatorPasskeys).where(eq(operatorPasskeys.operatorId, operatorId));
    await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operatorId));
    await tx
      .update(operatorSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
    return operatorId;
  });
}

/** The operator's live sessions, the most recently seen first. */
export async function listLiveSessions({ operatorId, now, idleSince }: { operatorId: number; now: Date; idleSince: Date }) {
  const db = await getDb();
  return db
    .select({
      id: operatorSessions.id,
      createdAt: operatorSessions.createdAt,
      lastSeenAt: operatorSessions.lastSeenAt,
      userAgent: operatorSessions.userAgent,
      address: operatorSessions.address,
    })
    .from(operatorSessions)
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
        gt(operatorSessions.lastSeenAt, idleSince),
      ),
    )
    .orderBy(desc(operatorSessions.lastSeenAt))
    .limit(50);
}

/** Revokes the operator's own sessions: one (`id`), or every one but `except`. The ids revoked. */
export async function revokeOwnSessions({ operatorId, id, except }: { operatorId: number; id?: string; except?: string }): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .update(operatorSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        isNull(operatorSessions.revokedAt),
        id ? eq(operatorSessions.id, id) : undefined,
        except ? ne(operatorSessions.id, except) : undefined,
      ),
    )
    .returning({ id: operatorSessions.id });
  return rows.map((row) => row.id);
}

export async function setPassword({ operatorId, passwordHash }: { operatorId: number; passwordHash: string }): Promise<void> {
  const db = await getDb();
  await db.update(operators).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(operators.id, operatorId));
}
