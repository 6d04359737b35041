import { z } from 'zod';
import { withDatabase } from '@/lib/api/database-errors';
import { apiError, readJsonObject, tooManyRequests } from '@/lib/api/responses';
import { emailChangeLimiter, readsPerSessionLimiter } from '@/lib/chat/limits';
import { setVisitorEmail } from '@/lib/chat/session-links';
import { authenticateVisitor } from '@/lib/chat/visitor-auth';
import { leadSchema } from '@/lib/leads/schema';
import { readVisitorEmailConfig } from '@/lib/notify';

type Context = { params: Promise<{ id: string }> };

// The lead form's rule: the same address links the conversation to the agency's leads.
const emailSchema = z.object({ email: leadSchema.shape.email });

const noStore = { 'Cache-Control': 'no-store' };

/** The address replies go to (null when none was left in the chat), and whether replies can be e-mailed at all. */
export async function GET(request: Request, { params }: Context) {
  const { id } = await params;
  return withDatabase('chat', async () => {
    const auth = await authenticateVisitor(request, id);
    if ('response' in auth) return auth.response;
    const allowed = await readsPerSessionLimiter(id);
    if (!allowed.ok) return tooManyRequests(allowed.retryAfterSeconds);
    return Response.json(
      { email: auth.session.visitorEmailReplies ? auth.session.visitorEmail : null, emailReplies: readVisitorEmailConfig() !== null },
      { headers: noStore },
    );
  });
}

/** Nobody online: the visitor leaves an address for the replies (typed, never verified). */
export async function PUT(request: Request, { params }: Context) {
  const { id } = await params;
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  return withDatabase('chat', async () => {
    const auth = await authenticateVisitor(request, id);
    if ('response' in auth) return auth.response;
    const allowed = await emailChangeLimiter(id);
    if (!allowed.ok) return tooManyRequests(allowed.retryAfterSeconds);
    const parsed = emailSchema.safeParse(read.body);
    if (!parsed.success) return apiError(400, 'invalid_email', 'email must be an e-mail address.');
    if (!readVisitorEmailConfig()) return apiError(409, 'email_replies_off', 'Replies cannot be e-mailed on this site.');
    await setVisitorEmail({ sessionId: id, email: parsed.data.email });
    return Response.json({ email: parsed.data.email }, { headers: noStore });
  });
}

/** Removes the address: no reply is e-mailed any more. */
export async function DELETE(request: Request, { params }: Context) {
  const { id } = await params;
  return withDatabase('chat', async () => {
    const auth = await authenticateVisitor(request, id);
    if ('response' in auth) return auth.response;
    const allowed = await emailChangeLimiter(id);
    if (!allowed.ok) return tooManyRequests(allowed.retryAfterSeconds);
    await setVisitorEmail({ sessionId: id, email: null });
    return new Response(null, { status: 204 });
  });
}
