import { describe, expect, it } from 'vitest';

const { isSecureRequest, operatorCookieOptions } = await import('@/lib/auth/operator-session');

describe('operator session cookie', () => {
  it('is HttpOnly and SameSite=Strict on the whole site', () => {
    expect(operatorCookieOptions({ secure: false })).toEqual({ httpOnly: true, sameSite: 'strict', secure: false, path: '/' });
  });

  it('is Secure behind HTTPS only', () => {
    const plain = new Request('http://localhost:3000/api/admin/login');
    expect(isSecureRequest(plain, undefined)).toBe(false);
    expect(isSecureRequest(new Request('https://example.com/api/admin/login'), undefined)).toBe(true);
    const proxied = new Request('http://localhost:3000/api/admin/login', { headers: { 'x-forwarded-proto': 'https' } });
    expect(isSecureRequest(proxied, undefined)).toBe(true);
    expect(isSecureRequest(plain, 'https://www.example.com')).toBe(true);
    expect(isSecureRequest(plain, 'http://localhost:3000')).toBe(false);
  });
});
