import { z } from 'zod';
import { clientLimitKey } from '@/lib/api/client-address';
import { withDatabase } from '@/lib/api/database-errors';
import { apiError, readJsonObject, tooManyRequests } from '@/lib/api/responses';
import { crossSiteRefusal } from '@/lib/api/same-origin';
import { spendLink, TOKEN, type LinkRefusal } from '@/lib/dossier/access';
import { isSecureRequest, sessionCookie } from '@/lib/dossier/client-session';
import { openLinkLimiter } from '@/lib/dossier/link-limits';
import { getDossierRows } from '@/lib/dossier/queries';
import { dossierTexts } from '@/lib/dossier/texts';
import { localePath } from '@/lib/routes';

export const dynamic = 'force-dynamic';

const STATUS: Record<LinkRefusal, number> = { link_invalid: 400, link_expired: 410, link_used: 410, dossier_closed: 410 };
const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };
const openSchema = z.object({ token: z.string().regex(TOKEN) });

/**
 * A link of a mail sent before links carried their token in the fragment: sent on, unspent, to the
 * page whose button spends it (a GET, from a mail scanner as much as from the client, spends nothing).
 */
export function GET(request: Request) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  const locale = dossierTexts(url.searchParams.get('lang') ?? 'fr').locale;
  const page = localePath(locale, 'dossier/open');
  return new Response(null, { status: 303, headers: { Location: TOKEN.test(token) ? `${page}#${token}` : page, ...NO_STORE } });
}

/**
 * The client pressed "Open my dossier": the link's token (from the page's fragment) is spent once
 * for a session cookie in this browser, and the answer names the dossier page in the client's
 * language. A wrong, old or used link, or a closed dossier's, is a 4xx whose code the page says.
 */
export async function POST(request: Request) {
  const crossSite = crossSiteRefusal(request);
  if (crossSite) return crossSite;
  const allowed = await openLinkLimiter(clientLimitKey(request));
  if (!allowed.ok) return tooManyRequests(allowed.retryAfterSeconds);
  const read = await readJsonObject(request, 2_048);
  if (!read.ok) return read.response;
  const parsed = openSchema.safeParse(read.body);
  if (!parsed.success) return apiError(400, 'link_invalid', 'token must be the token of a dossier link.', {}, NO_STORE);
  return withDatabase('dossier', async () => {
    const outcome = await spendLink({ token: parsed.data.token });
    if (!outcome.ok) return apiError(STATUS[outcome.reason], outcome.reason, 'This link cannot open a dossier.', {}, NO_STORE);
    const rows = await getDossierRows({ id: outcome.dossierId });
    const locale = dossierTexts(rows?.dossier.locale ?? 'fr').locale;
    return Response.json(
      { location: localePath(locale, 'dossier') },
      { headers: { 'Set-Cookie': sessionCookie(outcome.sessionToken, { secure: isSecureRequest(request) }), ...NO_STORE } },
    );
  });
}
