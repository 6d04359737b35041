import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { checkEmail, checkPassword, OperatorAccountError } from './operator-accounts';
import { revokeOperatorSessions } from './operators';
import { hashPassword, UNMATCHABLE_PASSWORD_HASH } from './password';
import type { OperatorRole } from './roles';
import { changeTeamMember, findLiveInvitation, insertInvitedOperator, renewInvitation, spendInvitation, type TeamChange } from './team-queries';

// Adding an operator in the console: an account without a password and a link, shown once to the
// admin who adds it, through which the new operator sets theirs. The link's token is 256 random
// bits; the database keeps its SHA-256 only, so a copy of the table opens no invitation. It is
// spent by the new operator's POST (the page reads it from the address's fragment, which no server
// or proxy log sees), once, within INVITATION_TTL_MS.

export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;
export const INVITATION_PATH = '/admin/invitation';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const newInvitation = (now: Date) => {
  const token = randomBytes(32).toString('base64url');
  return { token, invitationHash: hashOf(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) };
};

export type Invitation = { id: number; email: string; path: string; expiresAt: Date };
const invitationOf = (row: { id: number; email: string }, { token, expiresAt }: { token: string; expiresAt: Date }): Invitation => ({
  ...row,
  path: `${INVITATION_PATH}#${token}`,
  expiresAt,
});

/** Throws OperatorAccountError ('invalid_email' | 'email_taken'). */
export async function inviteOperator({ email, role, now = new Date() }: { email: string; role: OperatorRole; now?: Date }): Promise<Invitation> {
  const normalized = checkEmail(email);
  const invitation = newInvitation(now);
  const row = await insertInvitedOperator({ email: normalized, role, passwordHash: UNMATCHABLE_PASSWORD_HASH, ...invitation });
  if (!row) throw new OperatorAccountError('email_taken', `An operator with the e-mail ${normalized} already exists.`);
  return invitationOf(row, invitation);
}

/** A new link for an operator who has not set a password yet (the old one stops working); null otherwise. */
export async function renewOperatorInvitation({ id, now = new Date() }: { id: number; now?: Date }): Promise<Invitation | null> {
  const invitation = newInvitation(now);
  const row = await renewInvitation({ id, ...invitation });
  return row ? invitationOf(row, invitation) : null;
}

export type InvitationUse = { ok: true; id: number; email: string } | { ok: false; code: 'invitation_invalid' | 'password_too_short' };

export async function acceptInvitation({ token, password, now = new Date() }: { token: string; password: string; now?: Date }): Promise<InvitationUse> {
  try {
    checkPassword(password);
  } catch {
    return { ok: false, code: 'password_too_short' };
  }
  const invitationHash = hashOf(token);
  // A link that opens nothing costs no hash.
  if (!(await findLiveInvitation({ invitationHash, now }))) return { ok: false, code: 'invitation_invalid' };
  const row = await spendInvitation({ invitationHash, passwordHash: await hashPassword(password), now });
  return row ? { ok: true, ...row } : { ok: false, code: 'invitation_invalid' };
}

export async function changeOperatorRole({ id, role }: { id: number; role: OperatorRole }): Promise<TeamChange> {
  const changed = await changeTeamMember({ id, change: { role } });
  // Its sessions go on, with the new role from their next request (the role is read on each).
  return changed;
}

/** No sign-in, no session, no stream left; never the last admin. */
export async function disableTeamOperator({ id }: { id: number }): Promise<TeamChange & { sessions?: number }> {
  const changed = await changeTeamMember({ id, change: { disabled: true } });
  if (!changed.ok) return changed;
  return { ...changed, sessions: (await revokeOperatorSessions({ email: changed.email })) ?? 0 };
}
