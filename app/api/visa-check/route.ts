import { apiError, readJsonObject, tooManyRequests } from '@/lib/api/responses';
import { clientLimitKey } from '@/lib/api/client-address';
import { createRateLimiter } from '@/lib/api/rate-limit';
import { countVisaCheck } from '@/lib/people/dashboard-queries';
import { recommendVisa } from '@/lib/visa';
import { fieldErrors, toVisaInput, visaCheckRequestSchema } from '@/lib/visa/api-schema';

const VISA_CHECKS_PER_MINUTE = 30;
const limiter = createRateLimiter({ name: 'visa-check', limit: VISA_CHECKS_PER_MINUTE, windowMs: 60_000 });

export async function POST(request: Request) {
  const started = performance.now();
  const allowed = await limiter(clientLimitKey(request));
  if (!allowed.ok) return tooManyRequests(allowed.retryAfterSeconds);

  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const parsed = visaCheckRequestSchema.safeParse(read.body);
  if (!parsed.success) {
    return apiError(400, 'invalid_answers', 'Some answers are missing or invalid.', { fields: fieldErrors(parsed.error, read.body) });
  }
  const { input, locale } = toVisaInput(parsed.data);
  const result = recommendVisa({ input, locale });
  // Counted for the console's dashboard (a number per day, nothing about the visitor); never awaited, never blocking.
  countVisaCheck().catch(() => undefined);
  const duration = (performance.now() - started).toFixed(2);
  return Response.json(result, { headers: { 'Cache-Control': 'no-store', 'Server-Timing': `visa;dur=${duration}` } });
}
