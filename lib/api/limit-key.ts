import { isIP } from 'node:net';

/** The first four groups of an IPv6 address, expanded: `2001:db8::1` → `2001:db8:0:0`. */
function ipv6Prefix64(address: string): string {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:…, 64:ff9b::…) takes two groups; only the first four matter here.
  const rightGroups = right.flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - rightGroups.length).fill('0'), ...rightGroups];
  return groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':');
}

/**
 * The key a rate limit counts a client under: an IPv4 address as it is, an IPv6 address as its
 * /64 (`2001:db8:1:2::/64`), the block one subscriber gets, so that cycling the addresses of a /64
 * buys no fresh limit. Anything else (the shared bucket) is returned unchanged.
 */
export function limitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${ipv6Prefix64(address.toLowerCase())}::/64`;
}
