import { apiError, readJsonObject } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { addNote } from '@/lib/people/record-queries';
import { noteSchema, personKeySchema } from '@/lib/people/service';
import { getPersonDetail } from '@/lib/people/timeline-queries';

export const dynamic = 'force-dynamic';

/** A private note: stored with the person, never sent to the visitor. */
export const POST = withOperator<{ key: string }>(async ({ request, params, operator }) => {
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const body = noteSchema.safeParse(read.body);
  if (!body.success) return apiError(400, 'invalid_body', 'Send { "body": "…" } (1 to 4,000 characters).');
  const key = personKeySchema.safeParse(params.key);
  if (!key.success || !(await getPersonDetail({ key: key.data }))) return apiError(404, 'not_found', 'No such person.');
  await addNote({ key: key.data, body: body.data.body, operatorEmail: operator.email });
  return Response.json(await getPersonDetail({ key: key.data }), { status: 201 });
});
