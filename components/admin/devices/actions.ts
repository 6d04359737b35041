'use server';

import { randomUUID } from 'node:crypto';
import { headers } from 'next/headers';
import { rowIdSchema } from '@/lib/api/row-id';
import { asOperator, done, refuse, type ActionResult } from '@/lib/auth/operator-action';
import { deviceNameFromUserAgent } from '@/lib/push/device-name';
import { parseRename, parseSubscribeRequest, settingsSchema, testPushLimiter } from '@/lib/push/http';
import { deleteDevice, renameDevice, saveSubscription, setHideText, type PushDeviceDto } from '@/lib/push/queries';
import { deliverEvent } from '@/lib/push/sender';
import { getVapidKeys } from '@/lib/push/vapid-keys';

// The console's changes to the operator's devices, each checking the session again. The same
// changes stay reachable under /api/admin/push for clients outside the page.

/** Subscribes this browser (PushSubscription.toJSON()); `existingOnly` never adds one (404 instead), 409 past the devices allowed. */
export async function saveDevice(subscription: unknown, existingOnly = false): Promise<ActionResult<PushDeviceDto>> {
  return asOperator('push', async (operator) => {
    const read = parseSubscribeRequest({ subscription, existingOnly });
    if (!read.ok) return refuse(400, read.code);
    const { endpoint, p256dh, auth } = read.value;
    const saved = await saveSubscription({
      operatorId: operator.operatorId,
      sessionId: operator.id,
      subscription: { endpoint, p256dh, auth },
      name: deviceNameFromUserAgent((await headers()).get('user-agent')),
      vapidPublicKey: getVapidKeys().publicKey,
      existingOnly: read.value.existingOnly,
    });
    if (!saved.ok) return saved.reason === 'too_many' ? refuse(409, 'too_many_devices') : refuse(404, 'not_found');
    return done(saved.device);
  });
}

export async function renameOwnDevice(id: number, name: string): Promise<ActionResult<PushDeviceDto>> {
  return asOperator('push', async (operator) => {
    const row = rowIdSchema.safeParse(String(id));
    const cleaned = parseRename({ name });
    if (!cleaned) return refuse(400, 'invalid_name');
    if (!row.success) return refuse(404, 'not_found');
    const device = await renameDevice({ operatorId: operator.operatorId, id: row.data, name: cleaned, vapidPublicKey: getVapidKeys().publicKey });
    return device ? done(device) : refuse(404, 'not_found');
  });
}

/** The device receives no push from now on. */
export async function removeOwnDevice(id: number): Promise<ActionResult<null>> {
  return asOperator('push', async (operator) => {
    const row = rowIdSchema.safeParse(String(id));
    if (!row.success || !(await deleteDevice({ operatorId: operator.operatorId, id: row.data }))) return refuse(404, 'not_found');
    return done(null);
  });
}

/** Pushes to this operator's devices name the person but carry no message text. */
export async function hideMessageText(hideText: boolean): Promise<ActionResult<null>> {
  return asOperator('push', async (operator) => {
    const parsed = settingsSchema.safeParse({ hideText });
    if (!parsed.success) return refuse(400, 'invalid_settings');
    await setHideText({ operatorId: operator.operatorId, hideText: parsed.data.hideText });
    return done(null);
  });
}

/** A test notification to each of the operator's devices (a few a minute); how many were queued. */
export async function sendTestPush(): Promise<ActionResult<number>> {
  return asOperator('push', async (operator) => {
    const limited = await testPushLimiter(String(operator.operatorId));
    if (!limited.ok) return refuse(429, 'rate_limited');
    return done(await deliverEvent({ kind: 'test', id: randomUUID() }, { operatorId: operator.operatorId }));
  });
}
