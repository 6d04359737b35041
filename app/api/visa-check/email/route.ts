import { z } from 'zod';
import { withDatabase } from '@/lib/api/database-errors';
import { clientLimitKey } from '@/lib/api/client-address';
import { createRateLimiter } from '@/lib/api/rate-limit';
import { ApiError } from '@/lib/api/api-error';
import { apiError, readJsonObject, tooManyRequests } from '@/lib/api/responses';
import { reserveEmailSend } from '@/lib/leads/email-budget';
import { saveLead } from '@/lib/leads/queries';
import { announceLead } from '@/lib/leads/service';
import { formatVisaResultEmail } from '@/lib/leads/visa-email';
import { getNotifyConfig, sendEmail } from '@/lib/notify';
import { todayInMauritius } from '@/lib/time/mauritius';
import { isPlanDate, planKey, planSearch } from '@/lib/plan/address';
import { PLAN_PATH } from '@/lib/plan/cache';
import { buildPlan } from '@/lib/plan/build';
import { formatPlanEmail } from '@/lib/plan/email';
import { createPlanCalendar } from '@/lib/plan/ics';
import { localePath } from '@/lib/routes';
import { absoluteUrl, SITE } from '@/lib/site';
import { recommendVisa } from '@/lib/visa';
import { fieldErrors, toVisaInput, visaCheckRequestSchema } from '@/lib/visa/api-schema';
import type { VisaInput, VisaLocale } from '@/lib/visa/schema';
import { describeError } from '@/lib/log/describe-error';

const limiter = createRateLimiter({ name: 'visa-email', limit: 5, windowMs: 10 * 60_000 });

const requestSchema = visaCheckRequestSchema.extend({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  consent: z.literal(true),
  // Sent from a relocation plan: the mail carries the plan and its calendar file.
  arrival: z.string().refine(isPlanDate).optional(),
});

/** Sends the visitor their result and keeps it as a lead; the lead is stored even if the e-mail fails. */
export async function POST(request: Request) {
  const allowed = await limiter(clientLimitKey(request));
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
  const arrival = parsed.data.arrival;

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
      details: {
        answers: arrival ? { ...answers, arrival } : answers,
        recommended: result.recommended.id,
        alternatives: result.alternatives.map((option) => option.id),
        emailVerified: false,
      },
      consentAt: new Date(),
    });
    announceLead(lead);
    const config = getNotifyConfig().email;
    let emailed = false;
    if (config) {
      try {
        const content = arrival
          ? await planEmail({ input, arrival, locale, requestedAt: lead.createdAt })
          : await formatVisaResultEmail({ result, locale, shareUrl, requestedAt: lead.createdAt });
        await sendEmail({ email: { ...content, to: [email] }, config });
        emailed = true;
      } catch (error) {
        console.error(`[visa-email] sending failed: ${describeError(error)}`);
      }
    }
    return Response.json({ ok: true, emailed }, { status: 201 });
  });
}

/** A relocation plan's mail, with the plan's steps as an .ics attachment. */
async function planEmail({ input, arrival, locale, requestedAt }: { input: VisaInput; arrival: string; locale: VisaLocale; requestedAt: Date }) {
  const plan = buildPlan({ input, arrival, today: todayInMauritius(), locale });
  const planUrl = `${absoluteUrl(localePath(locale, PLAN_PATH))}?${planSearch({ input, arrival })}`;
  const calendar = createPlanCalendar({ plan, planUrl, uidSuffix: `${planKey({ input, arrival })}@${new URL(SITE.url).host}` });
  return {
    ...(await formatPlanEmail({ plan, locale, planUrl, requestedAt })),
    attachments: [{ filename: `plan-maurice-${arrival}.ics`, content: calendar, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
  };
}

const REFUSALS = {
  email_recipient_limit: 'This address has already received the most results allowed per day.',
  email_site_budget: 'The site has sent as many results as it may this hour.',
} as const;

function refusedSend(reason: keyof typeof REFUSALS, retryAfterSeconds: number) {
  return new ApiError(429, reason, REFUSALS[reason], retryAfterSeconds).toResponse({}, { 'Retry-After': String(retryAfterSeconds) });
}
