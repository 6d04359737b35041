import { z } from 'zod';
import { apiError, readJsonObject } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { getLeadDto, leadIdSchema, setLeadHandled } from '@/lib/leads/admin-queries';

export const dynamic = 'force-dynamic';

const patchSchema = z.object({ handled: z.boolean() });

const notFound = () => apiError(404, 'not_found', 'No such lead.');

export const GET = withOperator<{ id: string }>(async ({ params }) => {
  const id = leadIdSchema.safeParse(params.id);
  const lead = id.success ? await getLeadDto({ id: id.data }) : null;
  if (!lead) return notFound();
  return Response.json({ lead });
});

export const PATCH = withOperator<{ id: string }>(async ({ request, params }) => {
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const body = patchSchema.safeParse(read.body);
  if (!body.success) return apiError(400, 'invalid_body', 'Send { "handled": true } or { "handled": false }.');
  const id = leadIdSchema.safeParse(params.id);
  const updated = id.success ? await setLeadHandled({ id: id.data, handled: body.data.handled }) : null;
  if (!updated) return notFound();
  return Response.json(updated);
});
