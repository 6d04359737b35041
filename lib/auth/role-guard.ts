import 'server-only';
import { forbidden } from 'next/navigation';
import { cache } from 'react';
import { apiError } from '@/lib/api/responses';
import { recordAudit } from '@/lib/audit';
import { auditActor, currentAuditActor } from './audit-actor';
import { asOperator, refuse, type ActionResult } from './operator-action';
import type { OperatorSession } from './operators';
import { findOperatorRole } from './team-queries';
import { ADMIN_ONLY, roleMay, type AdminAct, type OperatorRole } from './roles';

// Where the rule of lib/auth/roles.ts is applied: each refusal is a 403 `admin_only` and an entry
// of the journal (`access_refused`, the act as detail) before it is answered.

/** The operator's role now (a role changed takes effect on the next request); an unknown operator has none. */
export async function operatorRole(operatorId: number): Promise<OperatorRole | null> {
  return findOperatorRole({ id: operatorId });
}

/** The role of this render's operator, read once per request (the layout hides what it may not do). */
export const currentRole = cache(async (operatorId: number) => operatorRole(operatorId));

async function allowed(operator: OperatorSession, act: AdminAct): Promise<boolean> {
  const role = await operatorRole(operator.operatorId);
  return role !== null && roleMay(role, act);
}

const refusal = (act: AdminAct) => ({ action: 'access_refused' as const, detail: { act } });

/** In a route handler of withOperator: null when the operator may, else the 403 to answer (recorded). */
export async function refuseUnlessAllowed({
  operator,
  act,
  request,
}: {
  operator: OperatorSession;
  act: AdminAct;
  request: Request;
}): Promise<Response | null> {
  if (await allowed(operator, act)) return null;
  await recordAudit({ ...refusal(act), actor: auditActor(operator, request) });
  return apiError(403, ADMIN_ONLY, 'Only an admin may do this.');
}

/** A console server action that only an admin may run: asOperator, then the role, then `run`. */
export function asAdmin<T>(label: string, act: AdminAct, run: (operator: OperatorSession) => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  return asOperator(label, async (operator) => {
    if (await allowed(operator, act)) return run(operator);
    await recordAudit({ ...refusal(act), actor: await currentAuditActor(operator) });
    return refuse(403, ADMIN_ONLY);
  });
}

/** In a console page: renders the view's 403 (app/admin/(console)/forbidden.tsx) unless the operator may. */
export async function requireAllowed(operator: OperatorSession, act: AdminAct): Promise<void> {
  if (await allowed(operator, act)) return;
  await recordAudit({ ...refusal(act), actor: await currentAuditActor(operator) });
  forbidden();
}
