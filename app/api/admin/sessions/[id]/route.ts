import { apiError } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { isSessionId, openSessionForOperator } from '@/lib/chat/admin-queries';

export const dynamic = 'force-dynamic';

export const GET = withOperator<{ id: string }>(async ({ params }) => {
  const detail = isSessionId(params.id) ? await openSessionForOperator({ id: params.id }) : null;
  if (!detail) return apiError(404, 'not_found', 'No such chat session.');
  return Response.json(detail);
});
