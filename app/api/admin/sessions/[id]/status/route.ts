import { apiError, readJsonObject } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { isSessionId } from '@/lib/chat/admin-queries';
import { changeConversationStatus } from '@/lib/people/changes';
import { snoozeUntil, statusSchema } from '@/lib/people/service';

export const dynamic = 'force-dynamic';

/** `{ status: "open" | "resolved" }` or `{ status: "snoozed", preset: "tomorrow" | "monday" | "date", date? }`. */
export const PATCH = withOperator<{ id: string }>(async ({ request, params }) => {
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const body = statusSchema.safeParse(read.body);
  if (!body.success) return apiError(400, 'invalid_body', 'Send { "status": "open" | "resolved" } or a snooze.');
  const until = body.data.status === 'snoozed' ? snoozeUntil(body.data) : null;
  if (body.data.status === 'snoozed' && !until) return apiError(400, 'invalid_date', 'A snooze ends in the future.');
  const done = isSessionId(params.id) && (await changeConversationStatus({ sessionId: params.id, status: body.data.status, until }));
  if (!done) return apiError(404, 'not_found', 'No such conversation.');
  return Response.json({ status: body.data.status, snoozedUntil: until?.toISOString() ?? null });
});
