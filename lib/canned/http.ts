import { apiError, readJsonObject } from '@/lib/api/responses';
import { MAX_CANNED_REPLIES } from './reply';
import type { CannedWrite } from './queries';
import { cannedFieldErrors, cannedReplySchema, type CannedReplyInput } from './schema';

/**
 * Five texts of 2,000 characters fit: up to 3 bytes each in UTF-8 is 30 KB, above the 16 KB every
 * other body is held to (nginx allows 64 KB).
 */
const MAX_CANNED_BODY_BYTES = 48 * 1024;

/** The body of a create or an update: the validated reply, or the 4xx answer (fields named). */
export async function readCannedReply(request: Request): Promise<{ ok: true; input: CannedReplyInput } | { ok: false; response: Response }> {
  const read = await readJsonObject(request, MAX_CANNED_BODY_BYTES);
  if (!read.ok) return read;
  const parsed = cannedReplySchema.safeParse(read.body);
  if (parsed.success) return { ok: true, input: parsed.data };
  return {
    ok: false,
    response: apiError(400, 'invalid_reply', 'A shortcut (a-z, 0-9, dashes, up to 32) and a French text of at most 2000 characters are required.', {
      fields: cannedFieldErrors(parsed.error, read.body),
    }),
  };
}

export const cannedNotFound = () => apiError(404, 'not_found', 'No such canned reply.');

export function cannedWriteResponse(write: CannedWrite, status: 200 | 201): Response {
  if (write.ok) return Response.json({ reply: write.reply }, { status });
  if (write.reason === 'not_found') return cannedNotFound();
  if (write.reason === 'too_many') return apiError(409, 'too_many_replies', `At most ${MAX_CANNED_REPLIES} canned replies; delete one first.`);
  return apiError(409, 'shortcut_taken', 'Another canned reply has this shortcut.', { fields: { shortcut: 'taken' } });
}
