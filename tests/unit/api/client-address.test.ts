import { describe, expect, it } from 'vitest';
import { clientAddress, clientLimitKey, limitKey, SHARED_CLIENT } from '@/lib/api/client-address';
import { loginCounters } from '@/lib/auth/login-throttle';
import { parseConfig } from '@/lib/config';

const withForwarded = (value?: string) =>
  new Request('http://localhost/api/chat/sessions', { headers: value === undefined ? {} : { 'x-forwarded-for': value } });

describe('clientAddress', () => {
  it('takes the entry the one trusted proxy wrote: the rightmost', () => {
    expect(clientAddress(withForwarded('203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientAddress(withForwarded('198.51.100.1, 203.0.113.7'), 1)).toBe('203.0.113.7');
  });

  it('counts trusted hops from the right and ignores what the client wrote left of them', () => {
    expect(clientAddress(withForwarded('1.1.1.1, 203.0.113.7, 10.0.0.2'), 2)).toBe('203.0.113.7');
    expect(clientAddress(withForwarded('203.0.113.7'), 2)).toBe(SHARED_CLIENT);
  });

  it('accepts IPv6 and IPv4-mapped addresses, normalized', () => {
    expect(clientAddress(withForwarded('2001:DB8::1'), 1)).toBe('2001:db8::1');
    expect(clientAddress(withForwarded('::ffff:203.0.113.7'), 1)).toBe('203.0.113.7');
  });

  it('falls back to one shared bucket for anything that is not an IP address', () => {
    for (const value of ['', 'unknown', '203.0.113.7:5123', '203.0.113.300', 'x'.repeat(200), '203.0.113.7, ']) {
      expect(clientAddress(withForwarded(value), 1)).toBe(SHARED_CLIENT);
    }
    expect(clientAddress(withForwarded(), 1)).toBe(SHARED_CLIENT);
  });

  it('trusts no header without a proxy (0 hops)', () => {
    expect(clientAddress(withForwarded('203.0.113.7'), 0)).toBe(SHARED_CLIENT);
  });
});

describe('limitKey', () => {
  it('counts an IPv6 client per /64, whatever the spelling of the address', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0:0:0:9',
      '2001:db8:1:2:a::',
      '2001:db8:1:2:0:0:1.2.3.4',
    ]) {
      expect(limitKey(address)).toBe(key);
    }
    expect(limitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(limitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitKey('2001:db8:0:1::1')).not.toBe(limitKey('2001:db8::1'));
    expect(limitKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps IPv4 addresses and the shared bucket as they are', () => {
    expect(limitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(limitKey(SHARED_CLIENT)).toBe(SHARED_CLIENT);
  });

  it('is the key of the request limits and of the login throttle', () => {
    expect(clientLimitKey(withForwarded('2001:DB8:1:2::77'), 1)).toBe('2001:db8:1:2::/64');
    expect(clientLimitKey(withForwarded('::ffff:203.0.113.7'), 1)).toBe('203.0.113.7');
    const limits = { perPair: 5, perAccount: 20, perClient: 30, windowMs: 60_000 };
    const keys = (client: string) => loginCounters({ email: 'a@b.mu', client }, limits).map((counter) => counter.key);
    expect(keys('2001:db8:1:2::5')).toEqual(keys('2001:db8:1:2:9::'));
    expect(keys('2001:db8:1:2::5')).not.toEqual(keys('2001:db8:1:3::5'));
  });
});

describe('TRUSTED_PROXY_HOPS', () => {
  it('defaults to one proxy and accepts 0 to 9 only', () => {
    expect(parseConfig({}).trustedProxyHops).toBe(1);
    expect(parseConfig({ TRUSTED_PROXY_HOPS: '' }).trustedProxyHops).toBe(1);
    expect(parseConfig({ TRUSTED_PROXY_HOPS: '0' }).trustedProxyHops).toBe(0);
    expect(parseConfig({ TRUSTED_PROXY_HOPS: ' 2 ' }).trustedProxyHops).toBe(2);
    for (const bad of ['-1', '10', 'one', '1.5']) expect(() => parseConfig({ TRUSTED_PROXY_HOPS: bad })).toThrow(/TRUSTED_PROXY_HOPS/);
  });
});
