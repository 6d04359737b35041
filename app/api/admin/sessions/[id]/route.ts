import { apiError } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { isSessionId, openSessionForOperator } from '@/lib/chat/admin-queries';
import { readPageCursor } from '@/lib/chat/dto';

export const dynamic = 'force-dynamic';

export const GET = withOperator<{ id: string }>(async ({ request, params }) => {
  // The latest page; `?before=<id>` reads the one before it.
  const { beforeId } = readPageCursor(request.url);
  const detail = isSessionId(params.id) ? await openSessionForOperator({ id: params.id, beforeId }) : null;
  if (!detail) return apiError(404, 'not_found', 'No such chat session.');
  return Response.json(detail);
});
