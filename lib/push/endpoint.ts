import { BlockList, isIP } from 'node:net';
import { MAX_PUSH_ENDPOINT_LENGTH } from '@/lib/db/schema';

// The server POSTs to whatever endpoint a subscription names: an operator session is required to
// store one, and it must look like a push service (https, a public DNS name). The addresses a name
// resolves to are checked again when a push is sent (guardedLookup), so a name pointing inside the
// network is refused too. PUSH_ALLOW_LOOPBACK (tests, development) lets http://127.0.0.1 through.

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
// NAT64 (64:ff9b::/96, 64:ff9b:1::/48), 6to4 (2002::/16) and Teredo (2001::/32) carry an IPv4
// address inside, private ones included: they are refused whole rather than decoded.
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2001::', 32],
  ['2002::', 16],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) as its IPv4 address. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function isLoopbackAddress(ip: string): boolean {
  const { address, family } = unmapped(ip);
  return isIP(address) !== 0 && LOOPBACK.check(address, family);
}

/** True for an address on the public internet: not private, loopback, link-local, reserved or multicast. */
export function isPublicAddress(ip: string): boolean {
  const { address, family } = unmapped(ip);
  if (isIP(address) === 0) return false;
  if (family === 'ipv6' && /^::ffff:/i.test(address)) return false;
  return !NOT_PUBLIC.check(address, family);
}

/** Names that never reach a push service on the internet (RFC 2606, 6761, 6762 and private use). */
const RESERVED_NAME = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home|corp|test|example|invalid|onion|arpa)$/i;

export type EndpointCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** Whether a subscription's endpoint may be stored (and later POSTed to). */
export function checkEndpoint(endpoint: string, { allowLoopback = false }: { allowLoopback?: boolean } = {}): EndpointCheck {
  if (endpoint.length > MAX_PUSH_ENDPOINT_LENGTH) return { ok: false, reason: `longer than ${MAX_PUSH_ENDPOINT_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.username || url.password) return { ok: false, reason: 'credentials in the URL' };
  if (url.hash) return { ok: false, reason: 'a fragment' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (allowLoopback && (url.protocol === 'http:' || url.protocol === 'https:') && (host === 'localhost' || isLoopbackAddress(host))) return { ok: true, url };
  if (url.protocol !== 'https:') return { ok: false, reason: 'not https' };
  if (isIP(host) !== 0) return isPublicAddress(host) ? { ok: true, url } : { ok: false, reason: 'not a public address' };
  if (!host.includes('.') || RESERVED_NAME.test(host.replace(/\.$/, ''))) return { ok: false, reason: 'not a public host name' };
  return { ok: true, url };
}
