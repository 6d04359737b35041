import { apiError } from '@/lib/api/responses';
import { recordAudit } from '@/lib/audit';
import { auditActor } from '@/lib/auth/audit-actor';
import { withOperator } from '@/lib/auth/operator-session';
import { getFileWithDossier } from '@/lib/dossier/queries';
import { fileResponse } from '@/lib/dossier/serve';
import { idSchema } from '@/lib/dossier/types';

export const dynamic = 'force-dynamic';

/** One page of a client's document, to an operator: `?inline=1` for the preview, else an attachment. Each one is in the journal. */
export const GET = withOperator<{ id: string }>(async ({ request, operator, params }) => {
  const id = idSchema.safeParse(params.id);
  const found = id.success ? await getFileWithDossier({ fileId: id.data }) : null;
  if (!found) return apiError(404, 'not_found', 'No such file.');
  const inline = new URL(request.url).searchParams.get('inline') === '1';
  await recordAudit({
    action: inline ? 'dossier_file_viewed' : 'dossier_file_downloaded',
    actor: auditActor(operator, request),
    target: `person:${found.dossier.personId}`,
    detail: { dossier: Number(found.dossier.id), item: Number(found.item.id), file: Number(found.file.id) },
  });
  return fileResponse({ ...found.file, bytes: Number(found.file.bytes) }, { inline });
});
