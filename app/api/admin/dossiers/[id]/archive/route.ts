import { Readable } from 'node:stream';
import { apiError } from '@/lib/api/responses';
import { recordAudit } from '@/lib/audit';
import { auditActor } from '@/lib/auth/audit-actor';
import { withOperator } from '@/lib/auth/operator-session';
import { refuseUnlessAllowed } from '@/lib/auth/role-guard';
import { getDossierRows } from '@/lib/dossier/queries';
import { validatedArchive } from '@/lib/dossier/service';
import { idSchema } from '@/lib/dossier/types';

export const dynamic = 'force-dynamic';

/** Every validated page of a dossier as one zip, named and ordered for the submission; in the journal before it leaves. An admin's only. */
export const GET = withOperator<{ id: string }>(async ({ request, operator, params }) => {
  const refused = await refuseUnlessAllowed({ operator, act: 'download_dossier_archive', request });
  if (refused) return refused;
  const id = idSchema.safeParse(params.id);
  const rows = id.success ? await getDossierRows({ id: id.data }) : null;
  if (!id.success || !rows) return apiError(404, 'not_found', 'No such dossier.');
  const archive = await validatedArchive({ dossierId: id.data });
  if (!archive || archive.files === 0) return apiError(409, 'nothing_validated', 'No validated document yet.');
  await recordAudit({
    action: 'dossier_archive_downloaded',
    actor: auditActor(operator, request),
    target: `person:${rows.dossier.personId}`,
    detail: { dossier: id.data, files: archive.files },
  });
  return new Response(Readable.toWeb(Readable.from(archive.stream)) as ReadableStream, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${archive.name}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
});
