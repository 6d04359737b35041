import { z } from 'zod';
import { withDatabase } from '@/lib/api/database-errors';
import { clientAddress } from '@/lib/api/client-address';
import { createRateLimiter } from '@/lib/api/rate-limit';
import { ApiError } from '@/lib/api/api-error';
import { apiError, readJsonObject, tooManyRequests } from '@/lib/api/responses';
import { reserveEmailSend } from '@/lib/leads/email-budget';
import { saveLead } from '@/lib/leads/queries';
import { formatVisaResultEmail } from '@/lib/leads/visa-email';
import { getNotifyConfig, notifyOperator, sendEmail } from '@/lib/notify';
import { localePath } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site';
import { recommendVisa } from '@/lib/visa';
import { fieldErrors, toVisaInput, visaCheckRequestSchema } from '@/lib/visa/api-schema';

const limiter = createRateLimiter({ name: 'visa-email', limit: 5, windowMs: 10 * 60_000 });

const requestSchema = visaCheckRequestSchema.extend({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  consent: z.literal(true),
});

/** Sends the visitor their result and keeps it as a lead; the lead is stored even if the e-mail fails. */
export async function POST(request: Request) {
  const allowed = await limiter(clientAddress(request));
  if (!allowed.ok) return tooManyRequests(allowed.retryAfterSeconds);
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const parsed = requestSchema.safeParse(read.body);
  if (!parsed.success) return apiError(400, 'invalid_request', 'Some fields are missing or invalid.', { fields: fieldErrors(parsed.error, read.body) });

  const { input, locale } = toVisaInput(parsed.data);
  const result = recommendVisa({ input, locale });
  const { email, nationality, duration, work_status, work_context, family } = parsed.data;
  const answers = Object.fromEntries(Object.entries({ nationality, duration, work_status, work_context, family }).filter(([, value]) => value));
  const shareUrl = `${absoluteUrl(localePath(locale, 'visa-finder'))}?${new URLSearchParams(answers as Record<string, string>)}`;

  return withDatabase('visa-email', async () => {
    const budget = await reserveEmailSend({ email });
    if (!budget.ok) return refusedSend(budget.reason, budget.retryAfterSeconds);
    const lead = await saveLead({
      source: 'visa',
      name: email.split('@')[0] ?? email,
      email,
      phone: null,
      message: `${result.recommended.name} — ${Object.values(answers).join(' · ')}`,
      locale,
      // Anyone can type any address: the console shows that nobody proved they own it.
      details: { answers, recommended: result.recommended.id, alternatives: result.alternatives.map((option) => option.id), emailVerified: false },
      consentAt: new Date(),
    });
    void notifyOperator({ kind: 'lead', lead: { id: lead.id, name: lead.name, email, message: lead.message, source: 'visa', locale } });
    const config = getNotifyConfig().email;
    let emailed = false;
    if (config) {
      try {
        await sendEmail({ email: { ...(await formatVisaResultEmail({ result, locale, shareUrl, requestedAt: lead.createdAt })), to: [email] }, config });
        emailed = true;
      } catch (error) {
        console.error(`[visa-email] sending failed: ${(error as Error).message}`);
      }
    }
    return Response.json({ ok: true, emailed }, { status: 201 });
  });
}

const REFUSALS = {
  email_recipient_limit: 'This address has already received the most results allowed per day.',
  email_site_budget: 'The site has sent as many results as it may this hour.',
} as const;

function refusedSend(reason: keyof typeof REFUSALS, retryAfterSeconds: number) {
  return new ApiError(429, reason, REFUSALS[reason], retryAfterSeconds).toResponse({}, { 'Retry-After': String(retryAfterSeconds) });
}
