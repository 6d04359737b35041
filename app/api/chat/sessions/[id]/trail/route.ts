import { withDatabase } from '@/lib/api/database-errors';
import { apiError, readJsonObject, tooManyRequests } from '@/lib/api/responses';
import { trailPerSessionLimiter } from '@/lib/chat/limits';
import { publishSignal } from '@/lib/chat/realtime';
import { trailEntrySchema } from '@/lib/chat/trail';
import { saveTrailEntry } from '@/lib/chat/trail-queries';
import { authenticateVisitor } from '@/lib/chat/visitor-auth';
import { describeError } from '@/lib/log/describe-error';

/** A page the visitor opened once their conversation existed (the widget sends it); the console is told. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const parsed = trailEntrySchema.safeParse(read.body);
  if (!parsed.success)
    return apiError(400, 'invalid_trail_entry', 'path must be a page of this site (at most 512 characters) and title at most 200 characters.');
  return withDatabase('chat', async () => {
    const auth = await authenticateVisitor(request, id);
    if ('response' in auth) return auth.response;
    const limited = await trailPerSessionLimiter(id);
    if (!limited.ok) return tooManyRequests(limited.retryAfterSeconds);
    await saveTrailEntry({ sessionId: id, ...parsed.data });
    await publishSignal({ type: 'trail', sessionId: id }).catch((error: unknown) => console.error(`[chat] trail signal failed: ${describeError(error)}`));
    return new Response(null, { status: 204 });
  });
}
