'use server';

import { rowIdSchema } from '@/lib/api/row-id';
import { recordAudit } from '@/lib/audit';
import { currentAuditActor } from '@/lib/auth/audit-actor';
import { asOperator, done, refuse, type ActionResult } from '@/lib/auth/operator-action';
import type { OperatorSession } from '@/lib/auth/operators';
import { createCannedReply, deleteCannedReply, updateCannedReply, type CannedWrite } from '@/lib/canned/queries';
import type { CannedReplyDto } from '@/lib/canned/reply';
import { cannedFieldErrors, cannedReplySchema } from '@/lib/canned/schema';

/** The journal's entry of a saved reply (its id, whether it is new), then the console's answer. */
async function answer(operator: OperatorSession, write: CannedWrite, created: boolean): Promise<ActionResult<CannedReplyDto>> {
  if (write.ok) {
    await recordAudit({ action: 'canned_reply_saved', actor: await currentAuditActor(operator), target: `canned:${write.reply.id}`, detail: { created } });
    return done(write.reply);
  }
  if (write.reason === 'not_found') return refuse(404, 'not_found');
  if (write.reason === 'too_many') return refuse(409, 'too_many_replies');
  return refuse(409, 'shortcut_taken', { shortcut: 'taken' });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Creates a canned reply (`id` null) or updates one; a shortcut already taken is refused 409. */
export async function saveReply(id: number | null, draft: unknown): Promise<ActionResult<CannedReplyDto>> {
  return asOperator('canned', async (operator) => {
    const input = cannedReplySchema.safeParse(draft);
    if (!input.success) return refuse(400, 'invalid_reply', isObject(draft) ? cannedFieldErrors(input.error, draft) : undefined);
    if (id === null) return answer(operator, await createCannedReply({ input: input.data }), true);
    const row = rowIdSchema.safeParse(String(id));
    if (!row.success) return refuse(404, 'not_found');
    return answer(operator, await updateCannedReply({ id: row.data, input: input.data }), false);
  });
}

export async function deleteReply(id: number): Promise<ActionResult<null>> {
  return asOperator('canned', async (operator) => {
    const row = rowIdSchema.safeParse(String(id));
    if (!row.success || !(await deleteCannedReply({ id: row.data }))) return refuse(404, 'not_found');
    await recordAudit({ action: 'canned_reply_deleted', actor: await currentAuditActor(operator), target: `canned:${row.data}` });
    return done(null);
  });
}
