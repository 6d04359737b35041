import { Readable } from 'node:stream';
import { withDatabase } from '@/lib/api/database-errors';
import { apiError } from '@/lib/api/responses';
import { crossSiteRefusal } from '@/lib/api/same-origin';
import { dossierOfSession } from '@/lib/dossier/access';
import { sessionTokenOf } from '@/lib/dossier/client-session';
import { uploadsPerDossierLimiter } from '@/lib/dossier/limits';
import { uploadPage } from '@/lib/dossier/service';
import { idSchema } from '@/lib/dossier/types';

export const dynamic = 'force-dynamic';

/**
 * One page of an item, sent by the client's browser as the raw body (`PUT`, the file's name in
 * `?name=`, its size in Content-Length): the cookie names the dossier; the answers' `error` codes
 * are translated by the page (Dossier.errors).
 */
export const PUT = (request: Request, context: { params: Promise<{ id: string }> }) =>
  withDatabase('dossier', async () => {
    const crossSite = crossSiteRefusal(request);
    if (crossSite) return crossSite;
    const dossierId = await dossierOfSession({ token: sessionTokenOf(request) });
    if (dossierId === null) return apiError(401, 'unauthorized', 'Open the link of your e-mail again.');
    const itemId = idSchema.safeParse((await context.params).id);
    if (!itemId.success) return apiError(404, 'not_found', 'No such item.');
    const limited = await uploadsPerDossierLimiter(String(dossierId));
    if (!limited.ok) return apiError(429, 'busy', 'Too many uploads.', {}, { 'Retry-After': String(limited.retryAfterSeconds) });
    const declared = request.headers.get('content-length');
    const declaredBytes = declared !== null && /^\d{1,15}$/.test(declared.trim()) ? Number(declared) : null;
    const name = (new URL(request.url).searchParams.get('name') ?? '').slice(0, 255);
    const body = request.body
      ? (Readable.fromWeb(request.body as import('node:stream/web').ReadableStream) as AsyncIterable<Uint8Array>)
      : (async function* () {})();
    const outcome = await uploadPage({ dossierId, itemId: itemId.data, name, body, declaredBytes });
    if (!outcome.ok) {
      return apiError(outcome.status, outcome.code, 'Upload refused.', {}, outcome.retryAfter ? { 'Retry-After': String(outcome.retryAfter) } : undefined);
    }
    return Response.json({ fileId: outcome.fileId, bytes: outcome.bytes }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  });
