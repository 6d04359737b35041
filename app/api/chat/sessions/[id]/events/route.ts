import { withDatabase } from '@/lib/api/database-errors';
import { listMessages } from '@/lib/chat/queries';
import { subscribeToChat } from '@/lib/chat/realtime';
import { toMessageDto } from '@/lib/chat/dto';
import { MAX_REPLAYED_MESSAGES } from '@/lib/chat/admin-queries';
import { readLastEventId, sseResponse } from '@/lib/chat/sse';
import { visitorStreamGuards } from '@/lib/chat/stream-guards';
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
      replay: async (afterId) => (await listMessages({ sessionId: id, afterId, limit: MAX_REPLAYED_MESSAGES })).map(toMessageDto),
      subscribe: (listener) => subscribeToChat(listener, { sessionId: id }),
      // The operator's read marker as it stands: a reload shows the read receipt again.
      initial: [{ type: 'read', sessionId: id, reader: 'operator', lastReadId: auth.session.operatorLastReadId }],
      ...visitorStreamGuards(request, id),
    });
  });
}
