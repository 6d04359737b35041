import { apiError, readJsonObject } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { MAX_SUBSCRIPTIONS_PER_OPERATOR } from '@/lib/push/constants';
import { settingsSchema } from '@/lib/push/http';
import { getHideText, listDevices, setHideText } from '@/lib/push/queries';
import { getVapidKeys } from '@/lib/push/vapid-keys';

export const dynamic = 'force-dynamic';

/** What the console's "Notifications" view needs: the key to subscribe with, the setting, this operator's devices. */
export const GET = withOperator(async ({ operator }) => {
  const { publicKey } = getVapidKeys();
  const [hideText, devices] = await Promise.all([
    getHideText({ operatorId: operator.operatorId }),
    listDevices({ operatorId: operator.operatorId, vapidPublicKey: publicKey }),
  ]);
  return Response.json({ publicKey, hideText, devices, maxDevices: MAX_SUBSCRIPTIONS_PER_OPERATOR });
});

/** `{ hideText }`: pushes to this operator's devices name the person but carry no message text. */
export const PATCH = withOperator(async ({ request, operator }) => {
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const parsed = settingsSchema.safeParse(read.body);
  if (!parsed.success) return apiError(400, 'invalid_settings', 'Send { hideText: boolean }.');
  await setHideText({ operatorId: operator.operatorId, hideText: parsed.data.hideText });
  return Response.json({ hideText: parsed.data.hideText });
});
