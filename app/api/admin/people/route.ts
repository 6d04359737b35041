import { apiError } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { listPeople, readPeopleFilter } from '@/lib/people/service';

export const dynamic = 'force-dynamic';

/** People by view (`?view=open|snoozed|resolved|all|follow_up`, `&stage=`): open ones oldest waiting first. */
export const GET = withOperator(async ({ request }) => {
  const filter = readPeopleFilter(new URL(request.url));
  if (!filter.success) return apiError(400, 'invalid_query', 'Unknown view or stage.');
  return Response.json(await listPeople(filter.data));
});
