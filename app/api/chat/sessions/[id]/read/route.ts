import { z } from 'zod';
import { withDatabase } from '@/lib/api/database-errors';
import { apiError, readJsonObject } from '@/lib/api/responses';
import { markRead } from '@/lib/chat/queries';
import { authenticateVisitor } from '@/lib/chat/visitor-auth';

const readSchema = z.object({ upToId: z.number().int().nonnegative() });

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const parsed = readSchema.safeParse(read.body);
  if (!parsed.success) return apiError(400, 'invalid_marker', 'upToId must be a message id.');
  return withDatabase('chat', async () => {
    const auth = await authenticateVisitor(request, id);
    if ('response' in auth) return auth.response;
    await markRead({ sessionId: id, reader: 'visitor', upToId: parsed.data.upToId });
    return new Response(null, { status: 204 });
  });
}
