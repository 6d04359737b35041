import { withOperator } from '@/lib/auth/operator-session';
import { sseResponse } from '@/lib/chat/sse';
import { consoleStreamOptions } from '@/lib/chat/streams';

export const dynamic = 'force-dynamic';

/**
 * Every session's new messages; `Last-Event-ID` replays the gap. Served here only for requests Next
 * routes itself (those that came while the server started): lib/chat/stream-server.ts takes the rest
 * before Next's request chain, which held ~78 KB of heap per open stream.
 */
export const GET = withOperator(async ({ request, operator }) => sseResponse(request, consoleStreamOptions(request, operator)));
