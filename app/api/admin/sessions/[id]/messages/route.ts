import { apiError, readJsonObject } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { isSessionId } from '@/lib/chat/admin-queries';
import { getChatSession } from '@/lib/chat/queries';
import { markReadByOperator } from '@/lib/chat/read-receipts';
import { messageContentSchema } from '@/lib/chat/dto';
import { postMessage } from '@/lib/chat/service';

/** An operator's reply from outside the console (an integration, the chat benchmark); the console posts it as a server action. */
export const POST = withOperator<{ id: string }>(async ({ request, params }) => {
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const content = messageContentSchema.safeParse(read.body.content);
  if (!content.success) return apiError(400, 'invalid_content', 'A message has 1 to 2000 characters.');
  const session = isSessionId(params.id) ? await getChatSession({ id: params.id }) : null;
  if (!session) return apiError(404, 'not_found', 'No such chat session.');
  const message = await postMessage({ sessionId: session.id, sender: 'operator', content: content.data });
  // Whoever answers has read what came before.
  await markReadByOperator({ sessionId: session.id, upToId: message.id });
  return Response.json({ message }, { status: 201 });
});
