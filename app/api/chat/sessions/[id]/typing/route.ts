import { withDatabase } from '@/lib/api/database-errors';
import { tooManyRequests } from '@/lib/api/responses';
import { typingPerSessionLimiter } from '@/lib/chat/limits';
import { publishSignal } from '@/lib/chat/realtime';
import { authenticateVisitor } from '@/lib/chat/visitor-auth';

/** "The visitor is typing": not stored, sent to the consoles; no body. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return withDatabase('chat', async () => {
    const auth = await authenticateVisitor(request, id);
    if ('response' in auth) return auth.response;
    const limited = await typingPerSessionLimiter(`visitor:${id}`);
    if (!limited.ok) return tooManyRequests(limited.retryAfterSeconds);
    await publishSignal({ type: 'typing', sessionId: id, sender: 'visitor' });
    return new Response(null, { status: 204 });
  });
}
