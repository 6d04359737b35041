import { after } from 'next/server';
import { z } from 'zod';
import { clientLimitKey } from '@/lib/api/client-address';
import { apiError, readJsonObject, tooManyRequests } from '@/lib/api/responses';
import { crossSiteRefusal } from '@/lib/api/same-origin';
import { mailLinkOnRequest } from '@/lib/dossier/client-access';
import { askLinkLimiter } from '@/lib/dossier/link-limits';

export const dynamic = 'force-dynamic';

const askSchema = z.object({ email: z.string().trim().toLowerCase().max(254).pipe(z.email()) });

/**
 * A client asks for a new link. The answer goes before anything about the address is looked up: the
 * same status, body and time whether a dossier matches or not; the lookup and the mail follow it
 * (`after`), within the asker's limit here and the dossier links' own mail budget there.
 */
export async function POST(request: Request) {
  const crossSite = crossSiteRefusal(request);
  if (crossSite) return crossSite;
  const allowed = await askLinkLimiter(clientLimitKey(request));
  if (!allowed.ok) return tooManyRequests(allowed.retryAfterSeconds);
  const body = await readJsonObject(request, 2_048);
  if (!body.ok) return body.response;
  const ask = askSchema.safeParse(body.body);
  if (!ask.success) return apiError(400, 'invalid_email', 'Expected an e-mail address.');
  after(() => mailLinkOnRequest({ email: ask.data.email }));
  return Response.json({ ok: true }, { status: 202, headers: { 'Cache-Control': 'no-store' } });
}
