import 'server-only';
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isLoopbackAddress, isPublicAddress } from './endpoint';

type Callback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that refuses a name resolving to an address inside the network
 * (a DNS name can point anywhere, whatever it looked like when the subscription was stored).
 */
export function guardedLookup({ allowLoopback }: { allowLoopback: boolean }): LookupFunction {
  const allowed = (address: string) => isPublicAddress(address) || (allowLoopback && isLoopbackAddress(address));
  return ((hostname: string, options: LookupOptions, callback: Callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const usable = addresses.filter((entry) => allowed(entry.address));
      if (usable.length === 0) {
        const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to no public address`);
        refused.code = 'EADDRNOTPUBLIC';
        return callback(refused, '');
      }
      if (options.all) return callback(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  }) as LookupFunction;
}
