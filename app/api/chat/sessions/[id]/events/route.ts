import { sseResponse } from '@/lib/chat/sse';
import { openVisitorStream } from '@/lib/chat/streams';

export const dynamic = 'force-dynamic';

/**
 * The conversation's messages and signals. Served here only for requests Next routes itself (those
 * that came while the server started): lib/chat/stream-server.ts takes the rest before Next's
 * request chain, which held ~78 KB of heap per open stream.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const opening = await openVisitorStream(request, id);
  return 'response' in opening ? opening.response : sseResponse(request, opening.options);
}
