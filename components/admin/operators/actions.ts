'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { rowIdSchema } from '@/lib/api/row-id';
import { recordAudit } from '@/lib/audit';
import { currentAuditActor } from '@/lib/auth/audit-actor';
import { done, refuse, type ActionResult } from '@/lib/auth/operator-action';
import { OperatorAccountError } from '@/lib/auth/operator-accounts';
import type { OperatorSession } from '@/lib/auth/operators';
import { asAdmin } from '@/lib/auth/role-guard';
import { OPERATOR_ROLES } from '@/lib/auth/roles';
import { changeOperatorRole, disableTeamOperator, inviteOperator, renewOperatorInvitation, type Invitation } from '@/lib/auth/team';
import { VIEW_HREF } from '@/lib/console-app/views';
import { mauritianDateTime } from '@/lib/time/mauritius';

// The "Équipe" view's changes, an admin's only (lib/auth/roles.ts `manage_operators`), each in the
// journal by the operator's id and e-mail (operators are not clients: their address may be named).

const roleSchema = z.enum(OPERATOR_ROLES);
const target = (id: number) => `operator:${id}`;
/** The link as the view shows it once: its path (the origin is the browser's) and until when, in Mauritius time. */
export type ShownInvitation = { email: string; path: string; until: string };
const shown = (invitation: Invitation): ShownInvitation => ({ email: invitation.email, path: invitation.path, until: mauritianDateTime(invitation.expiresAt) });

async function record(
  operator: OperatorSession,
  action: Parameters<typeof recordAudit>[0]['action'],
  id: number,
  detail: Record<string, string | number> = {},
) {
  await recordAudit({ action, actor: await currentAuditActor(operator), target: target(id), detail });
  revalidatePath(VIEW_HREF.operators);
}

/** An operator without a password, and the link (shown once) through which they set theirs. */
export async function addOperator(email: unknown, role: unknown): Promise<ActionResult<ShownInvitation>> {
  return asAdmin('team', 'manage_operators', async (operator) => {
    const chosen = roleSchema.safeParse(role);
    if (typeof email !== 'string' || !chosen.success) return refuse(400, 'invalid_email', { email: 'invalid_email' });
    try {
      const invitation = await inviteOperator({ email, role: chosen.data });
      await record(operator, 'operator_added', invitation.id, { role: chosen.data, email: invitation.email });
      return done(shown(invitation));
    } catch (error) {
      if (error instanceof OperatorAccountError && error.code !== 'password_too_short')
        return refuse(error.code === 'email_taken' ? 409 : 400, error.code, { email: error.code });
      throw error;
    }
  });
}

export async function changeRole(id: unknown, role: unknown): Promise<ActionResult<null>> {
  return asAdmin('team', 'manage_operators', async (operator) => {
    const row = rowIdSchema.safeParse(String(id));
    const chosen = roleSchema.safeParse(role);
    if (!row.success || !chosen.success) return refuse(400, 'invalid_body');
    const changed = await changeOperatorRole({ id: row.data, role: chosen.data });
    if (!changed.ok) return refuse(changed.code === 'not_found' ? 404 : 409, changed.code);
    await record(operator, 'operator_role_changed', row.data, { role: chosen.data, email: changed.email });
    return done(null);
  });
}

/** No sign-in and no session left for the operator; never one's own account, never the last admin. */
export async function disableOperator(id: unknown): Promise<ActionResult<{ sessions: number }>> {
  return asAdmin('team', 'manage_operators', async (operator) => {
    const row = rowIdSchema.safeParse(String(id));
    if (!row.success) return refuse(400, 'invalid_body');
    if (row.data === operator.operatorId) return refuse(409, 'own_account');
    const changed = await disableTeamOperator({ id: row.data });
    if (!changed.ok) return refuse(changed.code === 'not_found' ? 404 : 409, changed.code);
    await record(operator, 'operator_disabled', row.data, { email: changed.email, sessions: changed.sessions ?? 0 });
    return done({ sessions: changed.sessions ?? 0 });
  });
}

/** A new link for an operator who has not used theirs (lost, expired); the old one stops working. */
export async function renewLink(id: unknown): Promise<ActionResult<ShownInvitation>> {
  return asAdmin('team', 'manage_operators', async (operator) => {
    const row = rowIdSchema.safeParse(String(id));
    const invitation = row.success ? await renewOperatorInvitation({ id: row.data }) : null;
    if (!invitation) return refuse(404, 'not_found');
    await record(operator, 'operator_invitation_renewed', invitation.id, { email: invitation.email });
    return done(shown(invitation));
  });
}
