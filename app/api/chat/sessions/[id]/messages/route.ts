import { withDatabase } from '@/lib/api/database-errors';
import { clientLimitKey } from '@/lib/api/client-address';
import { apiError, readJsonObject, tooManyRequests } from '@/lib/api/responses';
import { MAX_VISITOR_MESSAGES, messagesPerClientLimiter, messagesPerSessionLimiter, readsPerClientLimiter, readsPerSessionLimiter } from '@/lib/chat/limits';
import { countVisitorMessages, listMessagePage } from '@/lib/chat/queries';
import { messageContentSchema, readPageCursor, toMessageDto } from '@/lib/chat/dto';
import { clientIdSchema, findMessageByClientId, isDuplicateClientId } from '@/lib/chat/idempotency';
import { postMessage } from '@/lib/chat/service';
import { authenticateVisitor } from '@/lib/chat/visitor-auth';

type Context = { params: Promise<{ id: string }> };

export async function GET(request: Request, { params }: Context) {
  const { id } = await params;
  // Per client before the token is checked (a flood costs no query), per conversation after it
  // (a stranger cannot use up someone else's reads).
  const perClient = await readsPerClientLimiter(clientLimitKey(request));
  if (!perClient.ok) return tooManyRequests(perClient.retryAfterSeconds);
  return withDatabase('chat', async () => {
    const auth = await authenticateVisitor(request, id);
    if ('response' in auth) return auth.response;
    const perSession = await readsPerSessionLimiter(id);
    if (!perSession.ok) return tooManyRequests(perSession.retryAfterSeconds);
    // At most a page: the latest messages, or older/newer ones from a cursor.
    const page = await listMessagePage({ sessionId: id, ...readPageCursor(request.url) });
    return Response.json({ messages: page.messages.map(toMessageDto), before: page.before, after: page.after }, { headers: { 'Cache-Control': 'no-store' } });
  });
}

export async function POST(request: Request, { params }: Context) {
  const { id } = await params;
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const content = messageContentSchema.safeParse(read.body.content);
  if (!content.success) return apiError(400, 'invalid_content', 'A message has 1 to 2000 characters.');
  const clientId = clientIdSchema.optional().safeParse(read.body.clientId ?? undefined);
  if (!clientId.success) return apiError(400, 'invalid_client_id', 'clientId has 8 to 64 letters, digits or hyphens.');
  return withDatabase('chat', async () => {
    const auth = await authenticateVisitor(request, id);
    if ('response' in auth) return auth.response;
    // A retry of a message already saved: the same message again, never a second one, never throttled.
    const saved = clientId.data ? await findMessageByClientId({ sessionId: id, clientId: clientId.data }) : null;
    if (saved) return Response.json({ message: saved }, { status: 200 });
    for (const limited of await Promise.all([messagesPerSessionLimiter(id), messagesPerClientLimiter(clientLimitKey(request))])) {
      if (!limited.ok) return tooManyRequests(limited.retryAfterSeconds);
    }
    if ((await countVisitorMessages({ sessionId: id })) >= MAX_VISITOR_MESSAGES) {
      return apiError(409, 'conversation_full', `A conversation holds at most ${MAX_VISITOR_MESSAGES} visitor messages.`);
    }
    try {
      const message = await postMessage({ sessionId: id, sender: 'visitor', content: content.data, clientId: clientId.data, session: auth.session });
      return Response.json({ message }, { status: 201 });
    } catch (error) {
      const raced = clientId.data && isDuplicateClientId(error) ? await findMessageByClientId({ sessionId: id, clientId: clientId.data }) : null;
      if (!raced) throw error;
      return Response.json({ message: raced }, { status: 200 });
    }
  });
}
