'use server';

import { z } from 'zod';
import { peopleTarget, recordAudit } from '@/lib/audit';
import { currentAuditActor } from '@/lib/auth/audit-actor';
import { asOperator, done, refuse, type ActionResult } from '@/lib/auth/operator-action';
import { asAdmin } from '@/lib/auth/role-guard';
import { leadIdSchema, subjectEmailSchema } from '@/lib/leads/admin-queries';
import { changeLeadHandled } from '@/lib/leads/handling';
import { eraseSubject as eraseSubjectData } from '@/lib/privacy/erasure';

/** Marks a request handled or back to handle; the view is then rendered again with the new count. */
export async function markHandled(id: number, handled: boolean): Promise<ActionResult<null>> {
  return asOperator('leads', async () => {
    const leadId = leadIdSchema.safeParse(String(id));
    const flag = z.boolean().safeParse(handled);
    if (!leadId.success || !flag.success) return refuse(400, 'invalid_body');
    return (await changeLeadHandled({ id: leadId.data, handled: flag.data })) ? done(null) : refuse(404, 'not_found');
  });
}

type Erased = { leads: number; conversations: number; people: number };

/**
 * Erases the address's requests and linked conversations; answers how many of each went. The
 * journal names the people by the ids they had, never the address. An admin's only.
 */
export async function eraseSubject(email: string): Promise<ActionResult<Erased>> {
  return asAdmin('privacy', 'erase_person', async (operator) => {
    const address = subjectEmailSchema.safeParse(email);
    if (!address.success) return refuse(400, 'invalid_email');
    const { personIds, ...erased } = await eraseSubjectData({ email: address.data });
    await recordAudit({
      action: 'person_erased',
      actor: await currentAuditActor(operator),
      target: personIds.length ? peopleTarget(personIds) : null,
      detail: erased,
    });
    return done(erased);
  });
}
