import { withOperator } from '@/lib/auth/operator-session';
import { deviceNameFromUserAgent } from '@/lib/push/device-name';
import { deviceNotFound, readSubscribeRequest, tooManyDevices } from '@/lib/push/http';
import { saveSubscription } from '@/lib/push/queries';
import { getVapidKeys } from '@/lib/push/vapid-keys';

/**
 * Subscribes this browser (PushSubscription.toJSON()) for the operator: 201 with the device, 200
 * when its endpoint was known (updated and linked to this session); `existingOnly` never adds one
 * (404 instead), 409 past the devices allowed.
 */
export const POST = withOperator(async ({ request, operator }) => {
  const read = await readSubscribeRequest(request);
  if (!read.ok) return read.response;
  const { endpoint, p256dh, auth, name, existingOnly } = read.value;
  const saved = await saveSubscription({
    operatorId: operator.operatorId,
    sessionId: operator.id,
    subscription: { endpoint, p256dh, auth },
    name: name ?? deviceNameFromUserAgent(request.headers.get('user-agent')),
    vapidPublicKey: getVapidKeys().publicKey,
    existingOnly,
  });
  if (!saved.ok) return saved.reason === 'too_many' ? tooManyDevices() : deviceNotFound();
  return Response.json({ device: saved.device }, { status: saved.created ? 201 : 200 });
});
