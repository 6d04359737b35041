import { withDatabase } from '@/lib/api/database-errors';
import { clientLimitKey } from '@/lib/api/client-address';
import { createRateLimiter } from '@/lib/api/rate-limit';
import { mediaTypeIs, readFormFields } from '@/lib/api/read-body';
import { apiError, readJsonObject, tooManyRequests } from '@/lib/api/responses';
import { verifySessionToken } from '@/lib/chat/queries';
import { DEFAULT_LOCALE, isLocale } from '@/lib/i18n/routing';
import { leadFieldErrors, leadSchema, type LeadInput } from '@/lib/leads/schema';
import { submitLead } from '@/lib/leads/service';
import { localePath, type ContactStatus } from '@/lib/routes';
import { describeError } from '@/lib/log/describe-error';

const LEADS_PER_TEN_MINUTES = 5;
const limiter = createRateLimiter({ name: 'leads', limit: LEADS_PER_TEN_MINUTES, windowMs: 10 * 60_000 });

/** A browser without JavaScript posts the form itself: answer with a redirect to a page it can show. */
function redirectTo(request: Request, locale: unknown, page: `contact/${ContactStatus}`) {
  const path = localePath(isLocale(locale) ? locale : DEFAULT_LOCALE, page);
  // Relative, so the browser stays on the host it used (a form-action CSP allows only 'self').
  return new Response(null, { status: 303, headers: { Location: path } });
}

/** The visitor's chat, linked to the lead only when the browser proves it owns it (its token). */
async function ownedChatSessionId(input: LeadInput): Promise<string | null> {
  if (!input.chatSession) return null;
  const chat = await verifySessionToken(input.chatSession).catch(() => null);
  return chat?.id ?? null;
}

async function readBody(request: Request): Promise<{ form: boolean; body: Record<string, unknown> } | { response: Response }> {
  if (mediaTypeIs(request, 'application/x-www-form-urlencoded')) {
    const fields = await readFormFields(request);
    return fields.ok ? { form: true, body: fields.value } : { response: fields.response };
  }
  const read = await readJsonObject(request);
  return read.ok ? { form: false, body: read.body } : { response: read.response };
}

export async function POST(request: Request) {
  const read = await readBody(request);
  if ('response' in read) return read.response;
  const { form, body } = read;
  const allowed = await limiter(clientLimitKey(request));
  if (!allowed.ok) return form ? redirectTo(request, body.locale, 'contact/busy') : tooManyRequests(allowed.retryAfterSeconds);

  const parsed = leadSchema.safeParse(body);
  if (!parsed.success) {
    if (form) return redirectTo(request, body.locale, 'contact/invalid');
    return apiError(400, 'invalid_lead', 'Some fields are missing or invalid.', { fields: leadFieldErrors(parsed.error, body) });
  }
  // A filled honeypot is a bot: it is told the lead was sent, and nothing is stored.
  if (parsed.data.website) return form ? redirectTo(request, parsed.data.locale, 'contact/thanks') : Response.json({ ok: true }, { status: 201 });

  if (form) {
    try {
      await submitLead({ input: parsed.data, source: 'contact', chatSessionId: await ownedChatSessionId(parsed.data) });
      return redirectTo(request, parsed.data.locale, 'contact/thanks');
    } catch (error) {
      console.error(`[leads] ${describeError(error)}`);
      return redirectTo(request, parsed.data.locale, 'contact/busy');
    }
  }
  return withDatabase('leads', async () => {
    const lead = await submitLead({ input: parsed.data, source: 'contact', chatSessionId: await ownedChatSessionId(parsed.data) });
    return Response.json({ ok: true, id: lead.id }, { status: 201 });
  });
}
