import { z } from 'zod';
import { withDatabase } from '@/lib/api/database-errors';
import { clientLimitKey } from '@/lib/api/client-address';
import { apiError, readJsonObject, tooManyRequests } from '@/lib/api/responses';
import { resumeLimiter } from '@/lib/chat/limits';
import { mailNewLink } from '@/lib/chat/reply-mail';
import { redeemLinkToken } from '@/lib/chat/session-links';

const resumeSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/), newLink: z.literal(true).optional() });

/**
 * A reply mail's link, opened: its token (from the URL fragment, which the widget removes at once)
 * gives this browser the conversation with a bearer token of its own, once. With `newLink`, a new
 * mail with new links goes to the address the link was mailed to (202), whoever asks.
 */
export async function POST(request: Request) {
  const allowed = await resumeLimiter(clientLimitKey(request));
  if (!allowed.ok) return tooManyRequests(allowed.retryAfterSeconds);
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const parsed = resumeSchema.safeParse(read.body);
  if (!parsed.success) return apiError(400, 'invalid_link', 'token must be the token of a link.');
  return withDatabase('chat', async () => {
    if (parsed.data.newLink) {
      const outcome = await mailNewLink({ token: parsed.data.token });
      if (outcome === 'sent') return Response.json({ sent: true }, { status: 202, headers: { 'Cache-Control': 'no-store' } });
      if (outcome === 'limited') return apiError(429, 'email_limit', 'No more mails to this address for now.');
      if (outcome === 'failed') return apiError(503, 'unavailable', 'The mail could not be sent, please try again.');
      return apiError(403, 'link_expired', 'This link is unknown, expired or its conversation was erased.');
    }
    const session = await redeemLinkToken({ token: parsed.data.token });
    if (!session) return apiError(403, 'link_expired', 'This link is unknown, expired or its conversation was erased.');
    return Response.json(session, { headers: { 'Cache-Control': 'no-store' } });
  });
}
