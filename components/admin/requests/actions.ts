'use server';

import { z } from 'zod';
import { asOperator, done, refuse, type ActionResult } from '@/lib/auth/operator-action';
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

/** Erases the address's requests and linked conversations; answers how many of each went. */
export async function eraseSubject(email: string): Promise<ActionResult<Awaited<ReturnType<typeof eraseSubjectData>>>> {
  return asOperator('privacy', async () => {
    const address = subjectEmailSchema.safeParse(email);
    if (!address.success) return refuse(400, 'invalid_email');
    return done(await eraseSubjectData({ email: address.data }));
  });
}
