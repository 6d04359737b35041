import { auditExportResponse } from '@/lib/audit/export-response';
import { recordAudit } from '@/lib/audit';
import { auditActor } from '@/lib/auth/audit-actor';
import { withOperator } from '@/lib/auth/operator-session';

export const dynamic = 'force-dynamic';

/** The journal's entries the page's filters select (page ignored), as CSV; the export is itself recorded. */
export const GET = withOperator(async ({ request, operator }) => {
  const { response, rows, filter } = await auditExportResponse(new URL(request.url));
  await recordAudit({ action: 'audit_exported', actor: auditActor(operator, request), detail: { ...filter, rows } });
  return response;
});
