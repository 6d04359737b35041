import { withOperator } from '@/lib/auth/operator-session';
import { listMessagesForReplay } from '@/lib/chat/admin-queries';
import { enterConsole } from '@/lib/chat/presence';
import { subscribeToChat } from '@/lib/chat/realtime';
import { readLastEventId, sseResponse } from '@/lib/chat/sse';
import { operatorStreamGuards } from '@/lib/chat/stream-guards';

export const dynamic = 'force-dynamic';

/** Every session's new messages; `Last-Event-ID` replays the gap. */
export const GET = withOperator(async ({ request, operator }) =>
  sseResponse({
    request,
    lastEventId: readLastEventId(request),
    replay: (afterId) => listMessagesForReplay({ afterId }),
    // Present only while subscribed: a stream that fails to start never counts as a watching operator.
    subscribe: async (listener) => {
      const unsubscribe = await subscribeToChat(listener);
      const leave = enterConsole();
      return () => {
        leave();
        unsubscribe();
      };
    },
    ...operatorStreamGuards(request, operator),
  }),
);
