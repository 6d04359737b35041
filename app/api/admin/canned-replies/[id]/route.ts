import { rowIdSchema } from '@/lib/api/row-id';
import { withOperator } from '@/lib/auth/operator-session';
import { cannedNotFound, cannedWriteResponse, readCannedReply } from '@/lib/canned/http';
import { deleteCannedReply, updateCannedReply } from '@/lib/canned/queries';

export const PATCH = withOperator<{ id: string }>(async ({ request, params }) => {
  const read = await readCannedReply(request);
  if (!read.ok) return read.response;
  const id = rowIdSchema.safeParse(params.id);
  if (!id.success) return cannedNotFound();
  return cannedWriteResponse(await updateCannedReply({ id: id.data, input: read.input }), 200);
});

export const DELETE = withOperator<{ id: string }>(async ({ params }) => {
  const id = rowIdSchema.safeParse(params.id);
  if (!id.success || !(await deleteCannedReply({ id: id.data }))) return cannedNotFound();
  return new Response(null, { status: 204 });
});
