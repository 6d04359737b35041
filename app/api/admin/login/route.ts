import { z } from 'zod';
import { withDatabase } from '@/lib/api/database-errors';
import { clientAddress } from '@/lib/api/client-address';
import { apiError, readJsonObject, tooManyRequests } from '@/lib/api/responses';
import { createLoginThrottle } from '@/lib/auth/login-throttle';
import { signInOperator } from '@/lib/auth/operator-session';
import { verifyOperatorLogin } from '@/lib/auth/operators';

const loginSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});

// Failed logins per 15 minutes: 5 per e-mail (however many addresses try it), 10 per client.
const throttle = createLoginThrottle({ perEmail: 5, perClient: 10, windowMs: 15 * 60_000 });

const NO_STORE = { 'Cache-Control': 'no-store' };

export async function POST(request: Request) {
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const parsed = loginSchema.safeParse(read.body);
  if (!parsed.success) return apiError(400, 'invalid_body', 'Send an e-mail and a password.');
  const { email, password } = parsed.data;
  const keys = { email, client: clientAddress(request) };
  const allowed = throttle.attempt(keys);
  if (!allowed.ok) return tooManyRequests(allowed.retryAfterSeconds);

  let judged = false;
  const response = await withDatabase('admin-login', async () => {
    const operator = await verifyOperatorLogin({ email, password });
    judged = true;
    if (!operator) return apiError(401, 'invalid_credentials', 'Wrong e-mail or password.', {}, NO_STORE);
    throttle.release(keys);
    await signInOperator({ request, operatorId: operator.id });
    return Response.json({ ok: true, email: operator.email }, { headers: NO_STORE });
  });
  if (!judged) throttle.release(keys);
  return response;
}
