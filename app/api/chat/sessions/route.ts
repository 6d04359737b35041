import { z } from 'zod';
import { withDatabase } from '@/lib/api/database-errors';
import { clientLimitKey } from '@/lib/api/client-address';
import { apiError, readJsonObject, tooManyRequests } from '@/lib/api/responses';
import { sessionCreationLimiter } from '@/lib/chat/limits';
import { createChatSession } from '@/lib/chat/queries';
import { LOCALES } from '@/lib/i18n/routing';

const newSessionSchema = z.object({
  locale: z.enum(LOCALES).default('fr'),
  startPage: z.string().trim().max(300).regex(/^\//, 'a site path').default('/'),
});

export async function POST(request: Request) {
  const allowed = await sessionCreationLimiter(clientLimitKey(request));
  if (!allowed.ok) return tooManyRequests(allowed.retryAfterSeconds);
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const parsed = newSessionSchema.safeParse(read.body);
  if (!parsed.success) return apiError(400, 'invalid_session', 'locale must be fr, en, es, de or it and startPage a path.');
  return withDatabase('chat', async () => {
    const { id, token } = await createChatSession(parsed.data);
    return Response.json({ id, token }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  });
}
