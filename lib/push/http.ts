import 'server-only';
import { z } from 'zod';
import { apiError, readJsonObject } from '@/lib/api/responses';
import { createRateLimiter } from '@/lib/api/rate-limit';
import { config } from '@/lib/config';
import { MAX_PUSH_ENDPOINT_LENGTH } from '@/lib/db/schema';
import { MAX_SUBSCRIPTIONS_PER_OPERATOR } from './constants';
import { cleanDeviceName, MAX_DEVICE_NAME_LENGTH } from './device-name';
import { checkEndpoint } from './endpoint';

const base64url = (bytes: number, first?: number) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((value) => {
      const decoded = Buffer.from(value, 'base64url');
      return decoded.length === bytes && (first === undefined || decoded[0] === first);
    });

/** PushSubscription.toJSON() as the browser gives it: the endpoint, the P-256 key (uncompressed) and the 16-byte auth secret. */
const subscriptionSchema = z.object({
  endpoint: z.string().max(MAX_PUSH_ENDPOINT_LENGTH),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(65, 0x04), auth: base64url(16) }),
});

const subscribeSchema = z.object({
  subscription: subscriptionSchema,
  name: z
    .string()
    .max(MAX_DEVICE_NAME_LENGTH * 4)
    .optional(),
  existingOnly: z.boolean().optional(),
});

export type SubscribeRequest = { endpoint: string; p256dh: string; auth: string; name: string | null; existingOnly: boolean };

/** A subscription, checked (the endpoint must look like a push service): the request, or why it is refused. */
export function parseSubscribeRequest(
  body: unknown,
): { ok: true; value: SubscribeRequest } | { ok: false; code: 'invalid_subscription' } | { ok: false; code: 'invalid_endpoint'; reason: string } {
  const parsed = subscribeSchema.safeParse(body);
  if (!parsed.success) return { ok: false, code: 'invalid_subscription' };
  const { subscription, name, existingOnly } = parsed.data;
  const endpoint = checkEndpoint(subscription.endpoint, { allowLoopback: config.push.allowLoopback });
  if (!endpoint.ok) return { ok: false, code: 'invalid_endpoint', reason: endpoint.reason };
  return {
    ok: true,
    value: {
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh.replace(/=+$/, ''),
      auth: subscription.keys.auth.replace(/=+$/, ''),
      name: name === undefined ? null : cleanDeviceName(name),
      existingOnly: existingOnly ?? false,
    },
  };
}

/** The body of a subscription posted to the API: the request or the 400 answer. */
export async function readSubscribeRequest(request: Request): Promise<{ ok: true; value: SubscribeRequest } | { ok: false; response: Response }> {
  const read = await readJsonObject(request);
  if (!read.ok) return read;
  const parsed = parseSubscribeRequest(read.body);
  if (parsed.ok) return parsed;
  if (parsed.code === 'invalid_endpoint') return { ok: false, response: apiError(400, 'invalid_endpoint', `The endpoint is refused: ${parsed.reason}.`) };
  return { ok: false, response: apiError(400, 'invalid_subscription', 'Send { subscription: PushSubscription.toJSON(), name? }.') };
}

export const tooManyDevices = () =>
  apiError(409, 'too_many_devices', `At most ${MAX_SUBSCRIPTIONS_PER_OPERATOR} devices per operator; remove one first.`, {
    max: MAX_SUBSCRIPTIONS_PER_OPERATOR,
  });
export const deviceNotFound = () => apiError(404, 'not_found', 'No such device.');

const renameSchema = z.object({ name: z.string().max(MAX_DEVICE_NAME_LENGTH * 4) });
export const settingsSchema = z.object({ hideText: z.boolean() });

/** A new name for a device, cleaned; null when it is none. */
export function parseRename(body: unknown): string | null {
  const parsed = renameSchema.safeParse(body);
  return parsed.success ? cleanDeviceName(parsed.data.name) : null;
}

/** A new name for a device posted to the API: the cleaned name, or the 400 answer. */
export async function readRename(request: Request): Promise<{ ok: true; name: string } | { ok: false; response: Response }> {
  const read = await readJsonObject(request);
  if (!read.ok) return read;
  const name = parseRename(read.body);
  if (!name) return { ok: false, response: apiError(400, 'invalid_name', `A name has 1 to ${MAX_DEVICE_NAME_LENGTH} characters.`) };
  return { ok: true, name };
}

/** Test notifications: a few a minute per operator. */
export const testPushLimiter = createRateLimiter({ name: 'push-test', limit: 5, windowMs: 60_000, maxKeys: 1_000 });
