import { isIP } from 'node:net';
import { config } from '@/lib/config';
import { limitKey } from './limit-key';

export { limitKey };

/** The one bucket every request shares when no trusted proxy reported its client's address. */
export const SHARED_CLIENT = 'shared';

/** `::ffff:203.0.113.7` and `203.0.113.7` are the same client; IPv6 is compared lower-case. */
function normalizeAddress(value: string): string | undefined {
  const address = value.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address)?.[1];
  if (mapped && isIP(mapped) === 4) return mapped;
  return isIP(address) ? address : undefined;
}

/**
 * The client's address as the trusted reverse proxies wrote it: with `trustedHops` proxies in
 * front, each appending the address it saw, the entry `trustedHops` from the right of
 * `X-Forwarded-For` was written by the outermost trusted proxy; everything left of it came from
 * the client and is ignored. No trusted proxy (0), too few entries or anything that is not an IP
 * address gives the shared bucket, so a forged header never buys a fresh limit.
 */
export function clientAddress(request: Request, trustedHops: number = config.trustedProxyHops): string {
  if (trustedHops < 1) return SHARED_CLIENT;
  const entries = (request.headers.get('x-forwarded-for') ?? '').split(',');
  if (entries.length < trustedHops) return SHARED_CLIENT;
  return normalizeAddress(entries[entries.length - trustedHops]!) ?? SHARED_CLIENT;
}

/** The client's rate-limit key: `limitKey(clientAddress(request))`. */
export const clientLimitKey = (request: Request, trustedHops?: number): string => limitKey(clientAddress(request, trustedHops));
