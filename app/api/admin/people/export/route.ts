import { apiError } from '@/lib/api/responses';
import { recordExport } from '@/lib/audit/exports';
import { auditActor } from '@/lib/auth/audit-actor';
import { withOperator } from '@/lib/auth/operator-session';
import { refuseUnlessAllowed } from '@/lib/auth/role-guard';
import { exportPeopleCsv } from '@/lib/people/export';
import { readPeopleFilter } from '@/lib/people/service';
import { muDay } from '@/lib/people/snooze';

export const dynamic = 'force-dynamic';

/**
 * The list's people (same `view` and `stage` as the list) as CSV: UTF-8 with BOM, RFC 4180, formulas
 * neutralised. Recorded in the journal and told to the other operators. An admin's only.
 */
export const GET = withOperator(async ({ request, operator }) => {
  const refused = await refuseUnlessAllowed({ operator, act: 'export_people', request });
  if (refused) return refused;
  const filter = readPeopleFilter(new URL(request.url));
  if (!filter.success) return apiError(400, 'invalid_query', 'Unknown view or stage.');
  const now = new Date();
  const { csv, rows } = await exportPeopleCsv(filter.data, now);
  const { view, stage } = filter.data;
  await recordExport({
    kind: 'people_csv',
    actor: auditActor(operator, request),
    target: null,
    counts: { rows },
    detail: { view, ...(stage ? { stage } : {}) },
  });
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="personnes-${view}-${muDay(now)}.csv"`,
    },
  });
});
