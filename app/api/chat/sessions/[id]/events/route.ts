import { withDatabase } from '@/lib/api/database-errors';
import { listMessages } from '@/lib/chat/queries';
import { subscribeToChat } from '@/lib/chat/realtime';
import { toMessageDto } from '@/lib/chat/dto';
import { readLastEventId, sseResponse } from '@/lib/chat/sse';
import { authenticateVisitor } from '@/lib/chat/visitor-auth';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return withDatabase('chat', async () => {
    const auth = await authenticateVisitor(request, id);
    if ('response' in auth) return auth.response;
    return sseResponse({
      request,
      lastEventId: readLastEventId(request),
      replay: async (afterId) => (await listMessages({ sessionId: id, afterId })).map(toMessageDto),
      subscribe: (listener) => subscribeToChat(listener, { sessionId: id }),
    });
  });
}
