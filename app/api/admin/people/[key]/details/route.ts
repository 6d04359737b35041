import { apiError, readJsonObject } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { rectifyPerson } from '@/lib/people/record-queries';
import { personKeySchema, rectifySchema } from '@/lib/people/service';
import { getPersonDetail } from '@/lib/people/timeline-queries';

export const dynamic = 'force-dynamic';

/**
 * Corrects the person's name, e-mail address or phone (`{ name?, email?, phone? }`, null clears
 * a correction): the rectification the privacy page promises, kept in the person's history.
 */
export const PATCH = withOperator<{ key: string }>(async ({ request, params, operator }) => {
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const body = rectifySchema.safeParse(read.body);
  if (!body.success)
    return apiError(
      400,
      'invalid_rectification',
      'Send { "name"?, "email"?, "phone"? }: a name of 2 to 120 characters, an e-mail address, a phone number, or null.',
    );
  const key = personKeySchema.safeParse(params.key);
  if (!key.success || !(await rectifyPerson({ key: key.data, change: body.data, operatorEmail: operator.email }))) {
    return apiError(404, 'not_found', 'No such person.');
  }
  return Response.json(await getPersonDetail({ key: key.data }));
});
