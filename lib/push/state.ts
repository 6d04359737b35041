import 'server-only';
import { MAX_SUBSCRIPTIONS_PER_OPERATOR } from './constants';
import { getHideText, listDevices } from './queries';
import { getVapidKeys } from './vapid-keys';

/** What the console's "Notifications" view needs: the key to subscribe with, the setting, this operator's devices. */
export async function getPushState({ operatorId }: { operatorId: number }) {
  const { publicKey } = getVapidKeys();
  const [hideText, devices] = await Promise.all([getHideText({ operatorId }), listDevices({ operatorId, vapidPublicKey: publicKey })]);
  return { publicKey, hideText, devices, maxDevices: MAX_SUBSCRIPTIONS_PER_OPERATOR };
}
