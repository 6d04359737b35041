import { apiError } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { exportPeopleCsv } from '@/lib/people/export';
import { readPeopleFilter } from '@/lib/people/service';
import { muDay } from '@/lib/people/snooze';

export const dynamic = 'force-dynamic';

/** The list's people (same `view` and `stage` as the list) as CSV: UTF-8 with BOM, RFC 4180, formulas neutralised. */
export const GET = withOperator(async ({ request }) => {
  const filter = readPeopleFilter(new URL(request.url));
  if (!filter.success) return apiError(400, 'invalid_query', 'Unknown view or stage.');
  const now = new Date();
  return new Response(await exportPeopleCsv(filter.data, now), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="personnes-${filter.data.view}-${muDay(now)}.csv"`,
    },
  });
});
