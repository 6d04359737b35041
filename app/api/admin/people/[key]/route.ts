import { z } from 'zod';
import { apiError, readJsonObject } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { changeFollowUp, changeStage } from '@/lib/people/changes';
import { followUpAt, followUpSchema, personKeySchema, stageChangeSchema } from '@/lib/people/service';
import { getPersonDetail } from '@/lib/people/timeline-queries';

export const dynamic = 'force-dynamic';

const notFound = () => apiError(404, 'not_found', 'No such person.');
const patchSchema = z.union([stageChangeSchema, followUpSchema]);

/** The person and their timeline, oldest first. */
export const GET = withOperator<{ key: string }>(async ({ params }) => {
  const key = personKeySchema.safeParse(params.key);
  const detail = key.success ? await getPersonDetail({ key: key.data }) : null;
  return detail ? Response.json(detail) : notFound();
});

/** `{ stage, lostReason? }` or `{ date: "YYYY-MM-DD" | null, reason }` (the follow-up). */
export const PATCH = withOperator<{ key: string }>(async ({ request, params, operator }) => {
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const body = patchSchema.safeParse(read.body);
  if (!body.success) return apiError(400, 'invalid_body', 'Send { "stage" } (with "lostReason" for lost) or { "date", "reason" }.');
  const key = personKeySchema.safeParse(params.key);
  if (!key.success || !(await getPersonDetail({ key: key.data }))) return notFound();
  const operatorEmail = operator.email;
  if ('stage' in body.data) {
    await changeStage({ key: key.data, stage: body.data.stage, lostReason: body.data.lostReason, operatorEmail });
  } else {
    const at = body.data.date === null ? null : followUpAt(body.data.date);
    await changeFollowUp({ key: key.data, at, reason: body.data.reason, operatorEmail });
  }
  return Response.json(await getPersonDetail({ key: key.data }));
});
