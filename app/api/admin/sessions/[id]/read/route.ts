import { z } from 'zod';
import { apiError, readJsonObject } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { isSessionId } from '@/lib/chat/admin-queries';
import { markReadByOperator } from '@/lib/chat/read-receipts';

const readSchema = z.object({ upToId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });

/** Marks read from outside the console; the console marks read with a server action. */
export const POST = withOperator<{ id: string }>(async ({ request, params }) => {
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const body = readSchema.safeParse(read.body);
  if (!body.success) return apiError(400, 'invalid_body', 'upToId must be a message id.');
  const marked = isSessionId(params.id) ? await markReadByOperator({ sessionId: params.id, upToId: body.data.upToId }) : null;
  if (!marked) return apiError(404, 'not_found', 'No such chat session.');
  return new Response(null, { status: 204 });
});
