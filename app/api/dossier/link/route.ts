import { z } from 'zod';
import { withDatabase } from '@/lib/api/database-errors';
import { apiError } from '@/lib/api/responses';
import { readJsonObject } from '@/lib/api/read-body';
import { findOpenDossierByEmail } from '@/lib/dossier/queries';
import { sendClientLink } from '@/lib/dossier/service';
import { reserveEmailSend } from '@/lib/leads/email-budget';

export const dynamic = 'force-dynamic';

const askSchema = z.object({ email: z.string().trim().toLowerCase().max(254).pipe(z.email()) });

/**
 * A client asks for a new link: sent to the dossier's own address only, within the visitors' mail
 * budget (3 a day per address); the answer is the same whether a dossier matches or not.
 */
export const POST = (request: Request) =>
  withDatabase('dossier', async () => {
    const body = await readJsonObject(request, 2_048);
    if (!body.ok) return body.response;
    const ask = askSchema.safeParse(body.body);
    if (!ask.success) return apiError(400, 'invalid_email', 'Expected an e-mail address.');
    const dossier = await findOpenDossierByEmail({ email: ask.data.email });
    if (dossier && (await reserveEmailSend({ email: ask.data.email })).ok) await sendClientLink(dossier);
    return Response.json({ ok: true }, { status: 202, headers: { 'Cache-Control': 'no-store' } });
  });
