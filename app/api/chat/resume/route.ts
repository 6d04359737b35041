import { z } from 'zod';
import { withDatabase } from '@/lib/api/database-errors';
import { clientLimitKey } from '@/lib/api/client-address';
import { apiError, readJsonObject, tooManyRequests } from '@/lib/api/responses';
import { resumeLimiter } from '@/lib/chat/limits';
import { redeemLinkToken } from '@/lib/chat/session-links';

const resumeSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/) });

/**
 * A reply mail's link, opened: its token (from the URL fragment, which the widget removes at once)
 * gives this browser the conversation with a bearer token of its own.
 */
export async function POST(request: Request) {
  const allowed = await resumeLimiter(clientLimitKey(request));
  if (!allowed.ok) return tooManyRequests(allowed.retryAfterSeconds);
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const parsed = resumeSchema.safeParse(read.body);
  if (!parsed.success) return apiError(400, 'invalid_link', 'token must be the token of a link.');
  return withDatabase('chat', async () => {
    const session = await redeemLinkToken({ token: parsed.data.token });
    if (!session) return apiError(403, 'link_expired', 'This link is unknown, expired or its conversation was erased.');
    return Response.json(session, { headers: { 'Cache-Control': 'no-store' } });
  });
}
