import { getChatStatus } from '@/lib/chat/status-service';
import { describeError } from '@/lib/log/describe-error';

export const dynamic = 'force-dynamic';

/** The widget header: someone online now, or when the office opens next. */
export async function GET() {
  try {
    return Response.json(await getChatStatus(), { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    console.error(`[chat status] ${describeError(error)}`);
    return Response.json({ error: 'unavailable', message: 'Chat status unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}
