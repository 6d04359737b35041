import { auditExportResponse } from '@/lib/audit/export-response';
import { recordAudit } from '@/lib/audit';
import { auditActor } from '@/lib/auth/audit-actor';
import { withOperator } from '@/lib/auth/operator-session';
import { refuseUnlessAllowed } from '@/lib/auth/role-guard';

export const dynamic = 'force-dynamic';

/** The journal's entries the page's filters select (page ignored), as CSV; the export is itself recorded. An admin's only. */
export const GET = withOperator(async ({ request, operator }) => {
  const refused = await refuseUnlessAllowed({ operator, act: 'export_audit', request });
  if (refused) return refused;
  const { response, rows, filter } = await auditExportResponse(new URL(request.url));
  await recordAudit({ action: 'audit_exported', actor: auditActor(operator, request), detail: { ...filter, rows } });
  return response;
});
