import { apiError } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { isSessionId } from '@/lib/chat/admin-queries';
import { getChatSession } from '@/lib/chat/queries';
import { markReadByOperator } from '@/lib/chat/read-receipts';
import { postMessage } from '@/lib/chat/service';
import { config } from '@/lib/config';

/** One click in the console: a "book a call" card with the configured calendar (BOOKING_URL). */
export const POST = withOperator<{ id: string }>(async ({ params }) => {
  const bookingUrl = config.bookingUrl;
  if (!bookingUrl) return apiError(409, 'booking_not_configured', 'BOOKING_URL is not set.');
  const session = isSessionId(params.id) ? await getChatSession({ id: params.id }) : null;
  if (!session) return apiError(404, 'not_found', 'No such chat session.');
  const message = await postMessage({ sessionId: session.id, sender: 'operator', content: bookingUrl, kind: 'booking' });
  await markReadByOperator({ sessionId: session.id, upToId: message.id });
  return Response.json({ message }, { status: 201 });
});
