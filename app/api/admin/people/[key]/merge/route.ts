import { apiError, readJsonObject } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { mergeRecords, unmergeRecord } from '@/lib/people/changes';
import { mergeSchema, personKeySchema } from '@/lib/people/service';
import { getPersonDetail } from '@/lib/people/timeline-queries';

export const dynamic = 'force-dynamic';

const notFound = () => apiError(404, 'not_found', 'No such person.');

/** Merges this person into `{ into }`: one action, undone by DELETE on the same path. */
export const POST = withOperator<{ key: string }>(async ({ request, params, operator }) => {
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const body = mergeSchema.safeParse(read.body);
  if (!body.success) return apiError(400, 'invalid_body', 'Send { "into": "<person key>" }.');
  const key = personKeySchema.safeParse(params.key);
  if (!key.success || !(await getPersonDetail({ key: key.data })) || !(await getPersonDetail({ key: body.data.into }))) return notFound();
  if (!(await mergeRecords({ from: key.data, into: body.data.into, operatorEmail: operator.email }))) {
    return apiError(409, 'already_merged', 'These records are already one person.');
  }
  return Response.json(await getPersonDetail({ key: body.data.into }));
});

/** Undoes the merge of this key: it is its own person again. */
export const DELETE = withOperator<{ key: string }>(async ({ params, operator }) => {
  const key = personKeySchema.safeParse(params.key);
  if (!key.success || !(await unmergeRecord({ key: key.data, operatorEmail: operator.email }))) return notFound();
  return Response.json(await getPersonDetail({ key: key.data }));
});
