import { z } from 'zod';
import { withDatabase } from '@/lib/api/database-errors';
import { clientAddress } from '@/lib/api/client-address';
import { apiError, readJsonObject, tooManyRequests } from '@/lib/api/responses';
import { checkLogin, LOGIN_REFUSALS } from '@/lib/auth/login-guard';
import { signInOperator } from '@/lib/auth/operator-session';

const loginSchema = z.object({
  // No control characters: no account has one, and PostgreSQL refuses a NUL in a text parameter
  // (found by `npm run fuzz`: a 503 instead of a 400).
  email: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .regex(/^\P{Cc}*$/u),
  password: z.string().min(1).max(1024),
});

const NO_STORE = { 'Cache-Control': 'no-store' };

export async function POST(request: Request) {
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const parsed = loginSchema.safeParse(read.body);
  if (!parsed.success) return apiError(400, 'invalid_body', 'Send an e-mail and a password.');
  return withDatabase('admin-login', async () => {
    const outcome = await checkLogin({ ...parsed.data, client: clientAddress(request) });
    if (outcome.kind === 'blocked') return tooManyRequests(outcome.retryAfterSeconds);
    if (outcome.kind === 'busy') return apiError(503, 'busy', LOGIN_REFUSALS.busy, {}, { ...NO_STORE, 'Retry-After': '2' });
    if (outcome.kind === 'refused') return apiError(401, 'invalid_credentials', LOGIN_REFUSALS.refused, {}, NO_STORE);
    await signInOperator({ request, operatorId: outcome.operator.id });
    return Response.json({ ok: true, email: outcome.operator.email }, { headers: NO_STORE });
  });
}
