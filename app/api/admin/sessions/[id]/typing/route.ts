import { apiError, tooManyRequests } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { isSessionId } from '@/lib/chat/admin-queries';
import { typingPerSessionLimiter } from '@/lib/chat/limits';
import { getChatSession } from '@/lib/chat/queries';
import { publishSignal } from '@/lib/chat/realtime';

/** "The operator is typing": not stored, sent to the visitor's widget; no body. */
export const POST = withOperator<{ id: string }>(async ({ params }) => {
  const limited = await typingPerSessionLimiter(`operator:${params.id.slice(0, 100)}`);
  if (!limited.ok) return tooManyRequests(limited.retryAfterSeconds);
  const session = isSessionId(params.id) ? await getChatSession({ id: params.id }) : null;
  if (!session) return apiError(404, 'not_found', 'No such chat session.');
  await publishSignal({ type: 'typing', sessionId: session.id, sender: 'operator' });
  return new Response(null, { status: 204 });
});
