import 'server-only';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { operators } from '@/lib/db/schema';
import { isOperatorRole, type OperatorRole } from './roles';

// The operators as a team: roles, invitations, the last admin kept. Sign-in and factors read
// operators through lib/auth/queries.ts and factor-queries.ts.

export type TeamMember = {
  id: number;
  email: string;
  role: OperatorRole;
  createdAt: Date;
  disabledAt: Date | null;
  /** Added in the console and not yet through its link: when the link expires. */
  invitationExpiresAt: Date | null;
  secondFactor: boolean;
};

const roleOf = (value: string): OperatorRole => (isOperatorRole(value) ? value : 'agent');

export async function findOperatorRole({ id }: { id: number }): Promise<OperatorRole | null> {
  const db = await getDb();
  const [row] = await db.select({ role: operators.role }).from(operators).where(eq(operators.id, id)).limit(1);
  return row ? roleOf(row.role) : null;
}

export async function listTeam(): Promise<TeamMember[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: operators.id,
      email: operators.email,
      role: operators.role,
      createdAt: operators.createdAt,
      disabledAt: operators.disabledAt,
      invitationExpiresAt: operators.invitationExpiresAt,
      totpEnabledAt: operators.totpEnabledAt,
      // Raw SQL: a count of the operator's passkeys beside each row.
      passkeys: sql<number>`(select count(*)::int from operator_passkeys p where p.operator_id = operators.id)`,
    })
    .from(operators)
    .orderBy(asc(operators.email))
    .limit(500);
  return rows.map(({ totpEnabledAt, passkeys, ...row }) => ({
    ...row,
    id: Number(row.id),
    role: roleOf(row.role),
    secondFactor: totpEnabledAt !== null || Number(passkeys) > 0,
  }));
}

/** Whether an admin who can sign in exists (operator:add makes the first one an admin). */
export async function hasActiveAdmin(): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.role, 'admin'), isNull(operators.disabledAt), isNull(operators.invitationHash)))
    .limit(1);
  return row !== undefined;
}

/** An operator who sets a password through a link: null when the e-mail is taken. */
export async function insertInvitedOperator(input: { email: string; role: OperatorRole; passwordHash: string; invitationHash: string; expiresAt: Date }) {
  const db = await getDb();
  const [row] = await db
    .insert(operators)
    .values({
      email: input.email,
      role: input.role,
      passwordHash: input.passwordHash,
      invitationHash: input.invitationHash,
      invitationExpiresAt: input.expiresAt,
    })
    .onConflictDoNothing()
    .returning({ id: operators.id, email: operators.email });
  return row ? { id: Number(row.id), email: row.email } : null;
}

/** A new link for an operator who has not used theirs yet; null when there is none such. */
export async function renewInvitation({ id, invitationHash, expiresAt }: { id: number; invitationHash: string; expiresAt: Date }) {
  const db = await getDb();
  const [row] = await db
    .update(operators)
    .set({ invitationHash, invitationExpiresAt: expiresAt })
    .where(and(eq(operators.id, id), isNull(operators.disabledAt), sql`${operators.invitationHash} is not null`))
    .returning({ id: operators.id, email: operators.email });
  return row ? { id: Number(row.id), email: row.email } : null;
}

/** The operator a live link names (not used, not expired, not disabled); null otherwise. */
export async function findLiveInvitation({ invitationHash, now }: { invitationHash: string; now: Date }) {
  const db = await getDb();
  const [row] = await db
    .select({ id: operators.id, email: operators.email })
    .from(operators)
    .where(and(eq(operators.invitationHash, invitationHash), gt(operators.invitationExpiresAt, now), isNull(operators.disabledAt)))
    .limit(1);
  return row ? { id: Number(row.id), email: row.email } : null;
}

/** Sets the password of the link's operator and spends the link, once; null when unknown, used, expired or disabled. */
export async function spendInvitation({ invitationHash, passwordHash, now }: { invitationHash: string; passwordHash: string; now: Date }) {
  const db = await getDb();
  const [row] = await db
    .update(operators)
    .set({ passwordHash, invitationHash: null, invitationExpiresAt: null, passwordChangedAt: now, mfaGraceFrom: now })
    .where(and(eq(operators.invitationHash, invitationHash), gt(operators.invitationExpiresAt, now), isNull(operators.disabledAt)))
    .returning({ id: operators.id, email: operators.email });
  return row ? { id: Number(row.id), email: row.email } : null;
}

// Serialises the changes that could leave no admin (two admins demoting each other at once).
const LAST_ADMIN_LOCK_KEY = 7_426_103_517;

export type TeamChange = { ok: true; email: string } | { ok: false; code: 'not_found' | 'last_admin' };

/**
 * Changes one operator (a role, or disabled) unless it would leave no admin who can sign in: the
 * check and the change in one transaction, under a lock every such change takes.
 */
export async function changeTeamMember({ id, change }: { id: number; change: { role: OperatorRole } | { disabled: true } }): Promise<TeamChange> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Raw SQL: Drizzle has no builder for advisory locks.
    await tx.execute(sql`select pg_advisory_xact_lock(${LAST_ADMIN_LOCK_KEY})`);
    const [member] = await tx
      .select({ email: operators.email, role: operators.role, disabledAt: operators.disabledAt })
      .from(operators)
      .where(eq(operators.id, id));
    if (!member) return { ok: false, code: 'not_found' };
    const losesAdmin = member.role === 'admin' && member.disabledAt === null && ('disabled' in change || change.role !== 'admin');
    if (losesAdmin) {
      const [other] = await tx
        .select({ id: operators.id })
        .from(operators)
        .where(and(eq(operators.role, 'admin'), isNull(operators.disabledAt), isNull(operators.invitationHash), ne(operators.id, id)))
        .limit(1);
      if (!other) return { ok: false, code: 'last_admin' };
    }
    const set = 'disabled' in change ? { disabledAt: member.disabledAt ?? new Date(), invitationHash: null, invitationExpiresAt: null } : { role: change.role };
    await tx.update(operators).set(set).where(eq(operators.id, id));
    return { ok: true, email: member.email };
  });
}
