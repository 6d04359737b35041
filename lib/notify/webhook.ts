import 'server-only';
import { createHmac } from 'node:crypto';
import type { WebhookChannelConfig } from './config';
import type { NotifyEvent } from './events';

/** `{ type, ...event, sentAt }`; expects an event already passed through normalizeEvent. */
export function buildWebhookBody({ event, sentAt }: { event: NotifyEvent; sentAt: Date }): string {
  return JSON.stringify({ type: event.kind, ...event, sentAt: sentAt.toISOString() });
}

/** The `X-Signature` value: `sha256=` + HMAC-SHA256 of the exact body, in hex. */
export function signWebhookBody({ body, secret }: { body: string; secret: string }): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** The webhook's origin, the only part of its URL a log may show (the path often holds a token). */
export function webhookOrigin(url: string): string {
  return new URL(url).host;
}

/** POSTs the event; rejects on a network error, a timeout or a non-2xx answer. */
export async function postWebhook({ event, config, sentAt = new Date() }: { event: NotifyEvent; config: WebhookChannelConfig; sentAt?: Date }): Promise<void> {
  const body = buildWebhookBody({ event, sentAt });
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'User-Agent': 'maurice-expat-notify' };
  if (config.secret) headers['X-Signature'] = signWebhookBody({ body, secret: config.secret });
  let response: Response;
  try {
    response = await fetch(config.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === 'TimeoutError') throw new Error(`timed out after ${config.timeoutMs} ms`);
    throw error;
  }
  await response.body?.cancel();
  if (!response.ok) throw new Error(`answered HTTP ${response.status}`);
}
