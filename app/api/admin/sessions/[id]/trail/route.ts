import { apiError } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { isSessionId } from '@/lib/chat/admin-queries';
import { getVisitorTrail } from '@/lib/chat/trail-admin';

export const dynamic = 'force-dynamic';

/** The pages the visitor opened since the conversation began (the latest 200), and where it began. */
export const GET = withOperator<{ id: string }>(async ({ params }) => {
  const trail = isSessionId(params.id) ? await getVisitorTrail({ id: params.id }) : null;
  if (!trail) return apiError(404, 'not_found', 'No such chat session.');
  return Response.json(trail);
});
