import 'server-only';
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isLoopbackAddress, isPublicAddress } from './endpoint';

/** Whether a push may be sent to this address: a public one, or loopback when PUSH_ALLOW_LOOPBACK allows it. */
export const addressAllowed = (address: string, { allowLoopback }: { allowLoopback: boolean }) =>
  isPublicAddress(address) || (allowLoopback && isLoopbackAddress(address));

/** The error of a refused address, the same for a name and for an address written in the URL. */
export function notPublic(host: string): NodeJS.ErrnoException {
  const refused: NodeJS.ErrnoException = new Error(`${host} resolves to no public address`);
  refused.code = 'EADDRNOTPUBLIC';
  return refused;
}

type Callback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that refuses a name resolving to an address inside the network
 * (a DNS name can point anywhere, whatever it looked like when the subscription was stored).
 */
export function guardedLookup({ allowLoopback }: { allowLoopback: boolean }): LookupFunction {
  const allowed = (address: string) => addressAllowed(address, { allowLoopback });
  return ((hostname: string, options: LookupOptions, callback: Callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const usable = addresses.filter((entry) => allowed(entry.address));
      if (usable.length === 0) return callback(notPublic(hostname), '');
      if (options.all) return callback(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  }) as LookupFunction;
}
