'use server';

import { rowIdSchema } from '@/lib/api/row-id';
import { asOperator, done, refuse, type ActionResult } from '@/lib/auth/operator-action';
import { createCannedReply, deleteCannedReply, updateCannedReply, type CannedWrite } from '@/lib/canned/queries';
import type { CannedReplyDto } from '@/lib/canned/reply';
import { cannedFieldErrors, cannedReplySchema } from '@/lib/canned/schema';

function answer(write: CannedWrite): ActionResult<CannedReplyDto> {
  if (write.ok) return done(write.reply);
  if (write.reason === 'not_found') return refuse(404, 'not_found');
  if (write.reason === 'too_many') return refuse(409, 'too_many_replies');
  return refuse(409, 'shortcut_taken', { shortcut: 'taken' });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Creates a canned reply (`id` null) or updates one; a shortcut already taken is refused 409. */
export async function saveReply(id: number | null, draft: unknown): Promise<ActionResult<CannedReplyDto>> {
  return asOperator('canned', async () => {
    const input = cannedReplySchema.safeParse(draft);
    if (!input.success) return refuse(400, 'invalid_reply', isObject(draft) ? cannedFieldErrors(input.error, draft) : undefined);
    if (id === null) return answer(await createCannedReply({ input: input.data }));
    const row = rowIdSchema.safeParse(String(id));
    if (!row.success) return refuse(404, 'not_found');
    return answer(await updateCannedReply({ id: row.data, input: input.data }));
  });
}

export async function deleteReply(id: number): Promise<ActionResult<null>> {
  return asOperator('canned', async () => {
    const row = rowIdSchema.safeParse(String(id));
    if (!row.success || !(await deleteCannedReply({ id: row.data }))) return refuse(404, 'not_found');
    return done(null);
  });
}
