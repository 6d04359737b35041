import { rowIdSchema } from '@/lib/api/row-id';
import { withOperator } from '@/lib/auth/operator-session';
import { deviceNotFound, readRename } from '@/lib/push/http';
import { deleteDevice, renameDevice } from '@/lib/push/queries';
import { getVapidKeys } from '@/lib/push/vapid-keys';

/** `{ name }`: renames one of the operator's devices. */
export const PATCH = withOperator<{ id: string }>(async ({ request, operator, params }) => {
  const read = await readRename(request);
  if (!read.ok) return read.response;
  const id = rowIdSchema.safeParse(params.id);
  if (!id.success) return deviceNotFound();
  const device = await renameDevice({ operatorId: operator.operatorId, id: id.data, name: read.name, vapidPublicKey: getVapidKeys().publicKey });
  return device ? Response.json({ device }) : deviceNotFound();
});

/** Removes one of the operator's devices: it receives no push from now on. */
export const DELETE = withOperator<{ id: string }>(async ({ operator, params }) => {
  const id = rowIdSchema.safeParse(params.id);
  if (!id.success || !(await deleteDevice({ operatorId: operator.operatorId, id: id.data }))) return deviceNotFound();
  return new Response(null, { status: 204 });
});
